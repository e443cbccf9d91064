import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { auctionScreenText as m, bidBody, type Account, type Auction } from '@bank/shared';
import { StatusMessage } from '../../components/status-message';
import { SummaryTable } from '../../components/summary-table';
import { ApiError, errorMessage } from '../../lib/api-client';
import { cents, lastFour, money, parseAmountInput } from '../../lib/format';
import { schemaErrors } from '../../lib/validation';
import { usePlaceBid } from './api';

const accountName = (a: Pick<Account, 'accountType' | 'accountId'>) =>
  `${a.accountType} ${lastFour(a.accountId)}`;

/** The least bid the server takes: the starting bid, or the high bid plus the least raise. */
export function leastBid(auction: Pick<Auction, 'startingBid' | 'highBid' | 'minIncrement'>): number {
  if (auction.highBid === null) return auction.startingBid;
  return (cents(auction.highBid) + cents(auction.minIncrement)) / 100;
}

/** The account a bid starts on: the first that can hold it, else the first. */
function firstChoice(accounts: Account[], amount: number): string {
  return (accounts.find((a) => cents(a.available) >= cents(amount)) ?? accounts[0])?.accountId ?? '';
}

/** Why the auction refused, in its own words ("Bid too low"), and what it means for a child. */
function Refusal({ error }: { error: unknown }) {
  const reason = error instanceof ApiError ? error.reason : undefined;
  const help = reason ? m.refusalHelp[reason] : undefined;
  return <StatusMessage kind="failure" title={m.bidFailed} detail={errorMessage(error)} help={help} />;
}

interface BidFormProps {
  auction: Auction;
  accounts: Account[];
  onBid: (auction: Auction, amount: number) => void;
  onClose: () => void;
}

/** Which account holds the bid, how much (the least suggested), and Confirm: the step before the bid. */
function BidForm({ auction, accounts, onBid, onClose }: BidFormProps) {
  const least = leastBid(auction);
  const [amountText, setAmountText] = useState(least.toFixed(2));
  const [accountId, setAccountId] = useState(() => firstChoice(accounts, least));
  const [invalid, setInvalid] = useState<string | null>(null);
  const bid = usePlaceBid();
  const busy = bid.isPending;
  if (accounts.length === 0) return <Text>{m.noAccountToBid}</Text>;
  const account = accounts.find((a) => a.accountId === accountId);
  const amount = parseAmountInput(amountText);
  const rows: [string, string][] = [];
  if (account && typeof amount === 'number') {
    const after = cents(account.available) - cents(amount);
    rows.push([m.availableLabel, money(account.available)]);
    rows.push([m.availableAfterLabel, after >= 0 ? money(after / 100) : m.notEnough]);
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { accountId, amount: amount as number };
    const errors = schemaErrors(bidBody, body);
    setInvalid(errors.amount ?? errors.accountId ?? null);
    if (Object.keys(errors).length > 0) return;
    bid.mutate({ auctionId: auction.auctionId, body }, { onSuccess: (saved) => onBid(saved, body.amount) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={m.amountLabel}
          description={m.leastBid(money(least))}
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
          leftSection="$"
          value={amountText}
          onChange={(e) => setAmountText(e.currentTarget.value)}
          error={invalid}
          disabled={busy}
          data-autofocus
        />
        <Radio.Group label={m.bidFromLabel} value={accountId} onChange={setAccountId} withAsterisk>
          <Stack gap="xs" mt={4}>
            {accounts.map((a) => (
              <Radio
                key={a.accountId}
                value={a.accountId}
                label={accountName(a)}
                description={`${m.availableLabel} ${money(a.available)}`}
                disabled={busy}
              />
            ))}
          </Stack>
        </Radio.Group>
        {rows.length > 0 && <SummaryTable rows={rows} testId="bid-summary" />}
        <Text size="sm">{m.bidWhatHappens}</Text>
        {bid.error ? <Refusal error={bid.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {m.bidGoBack}
          </Button>
          <Button type="submit" disabled={busy || !account}>
            {busy ? m.bidding : m.confirmBid(typeof amount === 'number' ? money(amount) : '')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface BidDialogProps extends Omit<BidFormProps, 'auction'> {
  /** The auction to bid on; null while closed. */
  auction: Auction | null;
}

/** Bid: a dialog (the confirm step) with the amount and the account; the focus returns to Bid after. */
export function BidDialog({ auction, ...props }: BidDialogProps) {
  return (
    // Built from parts so that the title row is a div: Mantine's <header> would be a second banner landmark.
    <Modal.Root opened={auction !== null} onClose={props.onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" p="md" pb={0} wrap="nowrap">
          <Modal.Title fw={600}>{auction ? m.bidTitle(auction.name) : ''}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Group>
        <Modal.Body pt="md">
          {/* Mounted while open: each bid starts afresh, from the high bid as it is now. */}
          {auction && <BidForm key={auction.auctionId} auction={auction} {...props} />}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
