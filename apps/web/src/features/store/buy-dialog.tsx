import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { storeScreenText as m, type Account, type StoreItem, type StoreOrder } from '@bank/shared';
import { StatusMessage } from '../../components/status-message';
import { SummaryTable } from '../../components/summary-table';
import { ApiError, errorMessage } from '../../lib/api-client';
import { cents, lastFour, money } from '../../lib/format';
import { usePlaceOrder } from './api';

const accountName = (a: Pick<Account, 'accountType' | 'accountId'>) =>
  `${a.accountType} ${lastFour(a.accountId)}`;

/** The account a purchase starts on: the first that can pay it, else the first. */
function firstChoice(accounts: Account[], item: StoreItem): string {
  return (accounts.find((a) => cents(a.available) >= cents(item.price)) ?? accounts[0])?.accountId ?? '';
}

/** Why the store refused, in its own words ("Sold out"), and what it means for a child. */
function Refusal({ error }: { error: unknown }) {
  const reason = error instanceof ApiError ? error.reason : undefined;
  const help = reason ? m.refusalHelp[reason] : undefined;
  return <StatusMessage kind="failure" title={m.buyFailed} detail={errorMessage(error)} help={help} />;
}

interface BuyFormProps {
  item: StoreItem;
  accounts: Account[];
  onBought: (order: StoreOrder) => void;
  onClose: () => void;
}

/** Which account pays, what happens to the money, and Confirm: the step before the order. */
function BuyForm({ item, accounts, onBought, onClose }: BuyFormProps) {
  const [accountId, setAccountId] = useState(() => firstChoice(accounts, item));
  const order = usePlaceOrder();
  const account = accounts.find((a) => a.accountId === accountId);
  const busy = order.isPending;
  if (accounts.length === 0) return <Text>{m.noAccountToPay}</Text>;
  const rows: [string, string][] = [[m.priceLabel, money(item.price)]];
  if (account) {
    const after = cents(account.available) - cents(item.price);
    // The server refuses what is above `available` ("Insufficient funds"); the summary says so first.
    rows.push([
      m.availableAfter,
      after >= 0 ? money(after / 100) : m.notEnoughAvailable(money(account.available)),
    ]);
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    order.mutate({ itemId: item.itemId, accountId }, { onSuccess: onBought });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Radio.Group label={m.payFromLabel} value={accountId} onChange={setAccountId} withAsterisk>
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
        <SummaryTable rows={rows} testId="buy-summary" />
        <Text size="sm">{m.buyWhatHappens}</Text>
        {order.error ? <Refusal error={order.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {m.buyGoBack}
          </Button>
          <Button type="submit" disabled={busy || !account} data-autofocus>
            {busy ? m.buying : m.confirmBuy(money(item.price))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface BuyDialogProps extends Omit<BuyFormProps, 'item'> {
  /** The item to buy; null while closed. */
  item: StoreItem | null;
}

/** Buy: a dialog (the confirm step) with the account to pay from; the focus returns to Buy after. */
export function BuyDialog({ item, ...props }: BuyDialogProps) {
  return (
    // Built from parts so that the title row is a div: Mantine's <header> would be a second banner landmark.
    <Modal.Root opened={item !== null} onClose={props.onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" p="md" pb={0} wrap="nowrap">
          <Modal.Title fw={600}>{item ? m.buyTitle(item.name) : ''}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Group>
        <Modal.Body pt="md">
          {/* Mounted while open: each purchase starts afresh, with no earlier refusal on screen. */}
          {item && <BuyForm key={item.itemId} item={item} {...props} />}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
