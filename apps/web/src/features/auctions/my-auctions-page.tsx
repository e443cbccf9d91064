import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { auctionScreenText as m, type Auction } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { StatusLine, type Status } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { money } from '../../lib/format';
import { useUserAccounts } from '../../lib/queries';
import { useAuctions } from './api';
import { AuctionCard, EndedAuction } from './auction-card';
import { BidDialog } from './bid-dialog';

/** Now, once a second: what the time left counts down from. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const listStyle = { listStyle: 'none' } as const;

function OpenAuctions({ auctions, onBid }: { auctions: Auction[]; onBid: (a: Auction) => void }) {
  const now = useNow();
  if (auctions.length === 0) return <Text c="dimmed">{m.noOpenAuctions}</Text>;
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, lg: 3 }}
      spacing="sm"
      m={0}
      p={0}
      style={listStyle}
      aria-label={m.openHeading}
    >
      {auctions.map((a) => (
        <AuctionCard key={a.auctionId} auction={a} now={now} onBid={onBid} />
      ))}
    </SimpleGrid>
  );
}

/** The ended auctions the Student bid on, newest first: won, or their money back. */
function EndedAuctions({ bankId, username }: { bankId: number; username: string }) {
  const ended = useAuctions(bankId, 'ended');
  const mine = (ended.data ?? []).filter((a) => a.myBid !== null);
  if (mine.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="ended-auctions" gap="sm">
      <Title order={2} size="h4" id="ended-auctions">
        {m.endedHeading}
      </Title>
      <Stack component="ul" gap="xs" m={0} p={0} style={listStyle} aria-label={m.endedHeading}>
        {mine.map((a) => (
          <EndedAuction key={a.auctionId} auction={a} username={username} />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * `{bankId}/auctions` (issue 34 item 4): the open auctions of the Student's class and bank, with
 * the high bid's amount (never who made it), the time left and their own bid; Bid (a confirm step);
 * and the ended ones they bid on. Asked again every few seconds while open: a rival's bid shows.
 */
export function MyAuctionsPage() {
  const { user } = useRequiredSession();
  const auctions = useAuctions(user.bankId, 'open');
  const accounts = useUserAccounts(user.username);
  const [bidding, setBidding] = useState<Auction | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const placed = (auction: Auction, amount: number) => {
    setBidding(null);
    setStatus({
      kind: 'success',
      title: m.bidPlaced(auction.name, money(amount)),
      detail: m.bidPlacedDetail,
    });
  };
  const bid = (auction: Auction) => {
    setStatus(null);
    setBidding(auction);
  };
  return (
    <>
      <PageHeader title={m.auctionsTitle} subtitle={m.auctionsSubtitle} />
      <Stack>
        <StatusLine status={status} />
        <Stack component="section" aria-labelledby="open-auctions" gap="sm">
          <Title order={2} size="h4" id="open-auctions">
            {m.openHeading}
          </Title>
          <QueryState query={auctions} what={m.openWhat}>
            {(list) => <OpenAuctions auctions={list} onBid={bid} />}
          </QueryState>
        </Stack>
        <EndedAuctions bankId={user.bankId} username={user.username} />
      </Stack>
      <BidDialog
        auction={bidding}
        accounts={accounts.data ?? []}
        onBid={placed}
        onClose={() => setBidding(null)}
      />
    </>
  );
}
