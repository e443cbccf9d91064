import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Auction, CreateAuctionBody, UpdateAuctionBody } from '@bank/shared';
import { admin, bankSettings } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { auction } from './test-data';

let auctions: Auction[];
let created: CreateAuctionBody[];
let updated: UpdateAuctionBody[];
let cancelled: number[];

beforeEach(() => {
  auctions = [
    auction(1, { name: 'Class pet for a day', endsAt: '2026-12-01T20:30:00.000Z' }),
    auction(2, { name: 'Front seat', highBid: 4 }),
    auction(3, { name: 'Homework pass', status: 'ended', highBid: 6, winner: 'maya', transactionId: 40 }),
  ];
  created = [];
  updated = [];
  cancelled = [];
  server.use(
    // The bank keeps Chicago time: the end is typed and shown as its clocks show it.
    http.get('*/api/user/bank/:bankId', () =>
      HttpResponse.json({ ...bankSettings, timeZone: 'America/Chicago' }),
    ),
    http.get('*/api/user/auctions/:bankId', () => HttpResponse.json(auctions)),
    http.post('*/api/teller/auctions', async ({ request }) => {
      const body = (await request.json()) as CreateAuctionBody;
      created.push(body);
      const made = auction(9, { name: body.name, endsAt: body.endsAt });
      auctions = [...auctions, made];
      return HttpResponse.json(made, { status: 201 });
    }),
    http.put('*/api/teller/auctions/:auctionId', async ({ request }) => {
      updated.push((await request.json()) as UpdateAuctionBody);
      return HttpResponse.json(
        {
          error: 'CONFLICT',
          message:
            'Students have bid on this auction, so it can no longer be changed. Cancel it to take it down.',
          reason: 'AUCTION_HAS_BIDS',
        },
        { status: 409 },
      );
    }),
    http.post('*/api/teller/auctions/:auctionId/cancel', ({ params }) => {
      cancelled.push(Number(params.auctionId));
      const at = auctions.findIndex((a) => a.auctionId === Number(params.auctionId));
      auctions[at] = { ...auctions[at]!, status: 'cancelled' };
      return HttpResponse.json(auctions[at]);
    }),
  );
});

const row = (name: string) =>
  screen.getAllByTestId('auction-row').find((r) => r.textContent?.includes(name))!;

describe("Staff's auctions", () => {
  it('lists each with its high bid, its end in bank time, status and winner; Edit only while nobody has bid', async () => {
    renderApp('/1/auctions/manage', admin);
    await waitFor(() => expect(screen.getAllByTestId('auction-row')).toHaveLength(3));
    // 20:30 UTC on Dec 1st is 14:30 in Chicago.
    expect(row('Class pet for a day')).toHaveTextContent('Tue 12/01 14:30');
    expect(row('Class pet for a day')).toHaveTextContent('No bids');
    expect(row('Front seat')).toHaveTextContent('$4.00');
    expect(within(row('Homework pass')).getByTestId('auction-status')).toHaveTextContent('Ended');
    expect(row('Homework pass')).toHaveTextContent('maya');
    const buttons = screen.getAllByRole('button', { name: /^(Edit|Cancel auction)/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Edit Class pet for a day',
      'Cancel auction: Class pet for a day',
      'Cancel auction: Front seat',
    ]);
  });

  it("creates one ending at the day and time typed, in the bank's time zone", async () => {
    const { user } = renderApp('/1/auctions/manage', admin);
    await user.click(await screen.findByRole('button', { name: 'New Auction' }));
    const form = await screen.findByRole('region', { name: 'New auction' });
    expect(form).toHaveTextContent("In the bank's time zone, America/Chicago");
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Class pet for a day');
    await user.type(within(form).getByRole('textbox', { name: /^Starting bid/ }), '3');
    await user.clear(within(form).getByRole('textbox', { name: /^Least raise/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Least raise/ }), '0.50');
    const date = within(form).getByLabelText(/^Ends on/);
    await user.clear(date);
    await user.type(date, '2026-12-01');
    const time = within(form).getByLabelText(/^At/);
    await user.clear(time);
    await user.type(time, '14:30');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'For' }), 'Main Campus');
    await user.click(within(form).getByRole('button', { name: 'Save Auction' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      name: 'Class pet for a day',
      description: '',
      startingBid: 3,
      minIncrement: 0.5,
      endsAt: '2026-12-01T20:30:00.000Z',
      branchId: 1,
    });
    expect(await screen.findByText('Class pet for a day is open for bids')).toBeInTheDocument();
  });

  it('sends nothing while a field is wrong, and says which', async () => {
    const { user } = renderApp('/1/auctions/manage', admin);
    await user.click(await screen.findByRole('button', { name: 'New Auction' }));
    const form = await screen.findByRole('region', { name: 'New auction' });
    await user.type(within(form).getByRole('textbox', { name: /^Starting bid/ }), '0');
    await user.clear(within(form).getByLabelText(/^At/));
    await user.click(within(form).getByRole('button', { name: 'Save Auction' }));
    expect(await within(form).findByText('Give the auction a name.')).toBeInTheDocument();
    expect(
      within(form).getByText('Enter a starting bid greater than 0, with at most 2 decimals.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Enter the time it ends.')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it("shows the server's refusal with its reason", async () => {
    const { user } = renderApp('/1/auctions/manage', admin);
    await user.click(await screen.findByRole('button', { name: 'Edit Class pet for a day' }));
    const form = await screen.findByRole('region', { name: 'Edit Class pet for a day' });
    expect(within(form).getByLabelText(/^At/)).toHaveValue('14:30');
    await user.click(within(form).getByRole('button', { name: 'Save Auction' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The auction could not be saved');
    expect(alert).toHaveTextContent('Students have bid on this auction, so it can no longer be changed.');
    expect(updated).toHaveLength(1);
  });

  it('cancels only after the question, and the auction shows Cancelled', async () => {
    const { user } = renderApp('/1/auctions/manage', admin);
    await user.click(await screen.findByRole('button', { name: 'Cancel auction: Front seat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(dialog).toHaveTextContent(
      'Cancel the auction Front seat? Nobody wins it, and the high bid of $4.00 goes back.',
    );
    expect(cancelled).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel auction' }));
    await waitFor(() => expect(cancelled).toEqual([2]));
    expect(await screen.findByText('Front seat cancelled')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row('Front seat')).getByTestId('auction-status')).toHaveTextContent('Cancelled'),
    );
    expect(screen.queryByRole('button', { name: 'Cancel auction: Front seat' })).toBeNull();
  });
});
