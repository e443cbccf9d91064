import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { auctionScreenText as m, type Auction } from '@bank/shared';
import { announce } from '../../lib/announcer';
import { money } from '../../lib/format';

/** Whether the viewer's own bid is the high bid: the server never says who holds it, only amounts. */
export const leads = (a: Pick<Auction, 'myBid' | 'highBid'>) => a.myBid !== null && a.myBid === a.highBid;

/** One labelled figure of a card: "High bid $4.00". */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The viewer's standing: ahead, or outbid (said aloud once when it happens). */
function MyStanding({ auction }: { auction: Auction }) {
  const outbid = auction.myBid !== null && !leads(auction);
  const wasOutbid = useRef(outbid);
  useEffect(() => {
    if (outbid && !wasOutbid.current) announce(m.outbidSaid(auction.name));
    wasOutbid.current = outbid;
  }, [outbid, auction.name]);
  if (auction.myBid === null) return null;
  return (
    <Group gap="xs">
      <Figure label={m.yourBidLabel} value={money(auction.myBid)} testId="my-bid" />
      <Badge color={outbid ? 'red.9' : 'teal.9'} variant="filled" tt="none" data-testid="my-standing">
        {outbid ? m.outbid : m.youLead}
      </Badge>
    </Group>
  );
}

interface AuctionCardProps {
  auction: Auction;
  /** Now, ticking: the time left counts down between the list's refreshes. */
  now: number;
  onBid: (auction: Auction) => void;
}

/** One open auction: name, what it is, the high bid's amount, the time left, the viewer's bid, and Bid. */
export function AuctionCard({ auction, now, onBid }: AuctionCardProps) {
  const left = Date.parse(auction.endsAt) - now;
  const over = left <= 0;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      data-testid="auction-card"
      aria-labelledby={`auction-${auction.auctionId}`}
    >
      <Stack gap={6}>
        <Title order={3} size="h5" id={`auction-${auction.auctionId}`}>
          {auction.name}
        </Title>
        {auction.description && <Text size="sm">{auction.description}</Text>}
        <Figure
          label={m.highBidLabel}
          value={auction.highBid === null ? m.noBidYet(money(auction.startingBid)) : money(auction.highBid)}
          testId="high-bid"
        />
        <Figure label={m.timeLeftLabel} value={over ? m.endingNow : m.timeLeft(left)} testId="time-left" />
        <MyStanding auction={auction} />
        <Group justify="flex-end">
          <Button onClick={() => onBid(auction)} disabled={over} aria-label={m.bidNamed(auction.name)}>
            {m.bid}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** An ended auction the viewer bid on: whether they won (and for how much), or that their money is back. */
export function EndedAuction({ auction, username }: { auction: Auction; username: string }) {
  const won = auction.winner !== null && auction.winner.toLowerCase() === username.toLowerCase();
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="ended-auction">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>{auction.name}</Text>
        <Badge color={won ? 'teal.9' : 'gray.7'} variant="filled" tt="none" data-testid="auction-result">
          {won ? m.youWon(money(auction.highBid ?? 0)) : m.youLost}
        </Badge>
      </Group>
    </Paper>
  );
}
