import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Auction, BidBody } from '@bank/shared';
import { savings, student } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { auction } from './test-data';

let open: Auction[];
let ended: Auction[];
let sent: { auctionId: number; body: BidBody; key: string | null }[];

beforeEach(() => {
  open = [
    auction(1, { name: 'Class pet for a day', description: 'Feed the fish', highBid: 5, minIncrement: 0.5 }),
    auction(2, { name: 'Front seat', highBid: 4, myBid: 4 }),
    auction(3, { name: 'Line leader', highBid: 7, myBid: 6 }),
  ];
  ended = [
    auction(4, { name: 'Homework pass', status: 'ended', highBid: 6, myBid: 6, winner: 'student' }),
    auction(5, { name: 'Sticker', status: 'ended', highBid: 3, myBid: 2 }),
    auction(6, { name: 'Pencil', status: 'ended', highBid: 1 }),
  ];
  sent = [];
  server.use(
    http.get('*/api/user/auctions/:bankId', ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('status') === 'ended' ? ended : open),
    ),
  );
});

const card = (name: string) =>
  screen.getAllByTestId('auction-card').find((c) => within(c).queryByRole('heading', { name }))!;

describe("A Student's auctions", () => {
  it("shows the high bid's amount, the time left and their own bid, ahead or outbid", async () => {
    renderApp('/1/auctions', student);
    await waitFor(() => expect(screen.getAllByTestId('auction-card')).toHaveLength(3));
    const pet = card('Class pet for a day');
    expect(within(pet).getByTestId('high-bid')).toHaveTextContent('$5.00');
    expect(pet).toHaveTextContent('Feed the fish');
    expect(within(pet).getByTestId('time-left')).toHaveTextContent(/^(1 h 59 min|2 h 0 min)$/);
    expect(within(pet).queryByTestId('my-bid')).toBeNull();
    expect(within(card('Front seat')).getByTestId('my-standing')).toHaveTextContent('You have the high bid');
    expect(within(card('Line leader')).getByTestId('my-bid')).toHaveTextContent('$6.00');
    expect(within(card('Line leader')).getByTestId('my-standing')).toHaveTextContent(
      'Outbid: your money is back',
    );
  });

  it('says of each ended auction they bid on whether they won', async () => {
    renderApp('/1/auctions', student);
    await waitFor(() => expect(screen.getAllByTestId('ended-auction')).toHaveLength(2));
    const results = screen.getAllByTestId('ended-auction').map((e) => e.textContent);
    expect(results).toEqual([
      'Homework passYou won, for $6.00',
      'StickerYou did not win: your money is back',
    ]);
  });

  it('bids after a confirm step that suggests the least bid, with an Idempotency-Key', async () => {
    server.use(
      http.post('*/api/user/auctions/:auctionId/bids', async ({ params, request }) => {
        const body = (await request.json()) as BidBody;
        sent.push({ auctionId: Number(params.auctionId), body, key: request.headers.get('Idempotency-Key') });
        open[0] = { ...open[0]!, highBid: body.amount as number, myBid: body.amount as number };
        return HttpResponse.json(open[0], { status: 201 });
      }),
    );
    const { user } = renderApp('/1/auctions', student);
    await user.click(await screen.findByRole('button', { name: 'Bid on Class pet for a day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bid on Class pet for a day' });
    const amount = within(dialog).getByRole('textbox', { name: /^Your bid/ });
    // The high bid $5.00 plus the least raise $0.50.
    expect(amount).toHaveValue('5.50');
    expect(dialog).toHaveTextContent('At least $5.50');
    await user.clear(amount);
    await user.type(amount, '6');
    await user.click(within(dialog).getByRole('radio', { name: /SAVINGS \*\*0002/ }));
    expect(within(dialog).getByTestId('bid-summary')).toHaveTextContent('Available after$1,244.50');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm: bid $6.00' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.auctionId).toBe(1);
    expect(sent[0]!.body).toEqual({ accountId: savings.accountId, amount: 6 });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('You bid $6.00 on Class pet for a day')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('Class pet for a day')).getByTestId('my-standing')).toHaveTextContent(
        'You have the high bid',
      ),
    );
  });

  it.each([
    ['BID_TOO_LOW', 'Bid too low', 'Someone may have bid meanwhile'],
    ['INSUFFICIENT_FUNDS', 'Insufficient funds', 'does not have enough available'],
    ['AUCTION_ENDED', 'Auction ended', 'Bids are no longer taken'],
  ])('shows the refusal %s in words, and what it means', async (reason, message, help) => {
    server.use(
      http.post('*/api/user/auctions/:auctionId/bids', () =>
        HttpResponse.json({ error: 'CONFLICT', message, reason }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/1/auctions', student);
    await user.click(await screen.findByRole('button', { name: 'Bid on Front seat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bid on Front seat' });
    await user.click(within(dialog).getByRole('button', { name: /^Confirm: bid/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Bid not placed');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent(help);
  });

  it('asks again while open: a rival bid shows within seconds, without a reload', async () => {
    renderApp('/1/auctions', student);
    const front = await screen.findByRole('heading', { name: 'Front seat' });
    expect(within(card('Front seat')).getByTestId('my-standing')).toHaveTextContent('You have the high bid');
    open[1] = { ...open[1]!, highBid: 5 };
    await waitFor(
      () =>
        expect(within(card('Front seat')).getByTestId('my-standing')).toHaveTextContent(
          'Outbid: your money is back',
        ),
      { timeout: 12_000 },
    );
    expect(front).toBeInTheDocument();
  }, 20_000);
});
