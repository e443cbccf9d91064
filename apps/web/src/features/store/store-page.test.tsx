import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Account, CreateOrderBody, StoreItem, StoreOrder } from '@bank/shared';
import { checking, savings, student } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const item = (itemId: number, overrides: Partial<StoreItem> = {}): StoreItem => ({
  itemId,
  bankId: 1,
  branchId: 1,
  name: `Item ${itemId}`,
  description: '',
  price: 2,
  stock: 3,
  perStudentLimit: null,
  active: true,
  ...overrides,
});

const order = (orderId: number, overrides: Partial<StoreOrder> = {}): StoreOrder => ({
  orderId,
  itemId: 1,
  itemName: 'Homework pass',
  accountId: checking.accountId,
  username: 'student',
  studentName: 'Sam Student',
  price: 2,
  status: 'waiting',
  createdAt: '2026-03-02T15:30:00.000Z',
  expiresAt: '2026-03-16T15:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  transactionId: null,
  ...overrides,
});

let items: StoreItem[];
let orders: StoreOrder[];
let accounts: Account[];
let sent: { body: CreateOrderBody; key: string | null }[];

beforeEach(() => {
  items = [
    item(1, { name: 'Homework pass', description: 'Skip one homework', perStudentLimit: 2 }),
    item(2, { name: 'Pencil', stock: null, price: 0.5 }),
    item(3, { name: 'Class pet for a day', stock: 0, price: 5 }),
  ];
  orders = [];
  accounts = [checking, savings];
  sent = [];
  server.use(
    http.get('*/api/user/items/:bankId', () => HttpResponse.json(items)),
    http.get('*/api/user/orders/:username', () => HttpResponse.json(orders)),
    http.get('*/api/user/accounts/user/:username', () => HttpResponse.json(accounts)),
  );
});

const card = (name: string) =>
  screen.getAllByTestId('store-item').find((c) => within(c).queryByRole('heading', { name }))!;

describe("A Student's store", () => {
  it('lists each item with its price, what is left (or Sold out) and the limit; a sold-out one cannot be bought', async () => {
    renderApp('/1/store', student);
    await waitFor(() => expect(screen.getAllByTestId('store-item')).toHaveLength(3));
    expect(card('Homework pass')).toHaveTextContent('$2.00');
    expect(card('Homework pass')).toHaveTextContent('Skip one homework');
    expect(card('Homework pass')).toHaveTextContent('3 left');
    expect(card('Homework pass')).toHaveTextContent('At most 2 per student');
    expect(card('Pencil')).toHaveTextContent('Plenty left');
    expect(within(card('Class pet for a day')).getByTestId('item-stock')).toHaveTextContent('Sold out');
    expect(
      within(card('Class pet for a day')).getByRole('button', { name: 'Buy Class pet for a day' }),
    ).toBeDisabled();
  });

  it('buys after a confirm step, from the account chosen, with an Idempotency-Key; the order shows Waiting', async () => {
    server.use(
      http.post('*/api/user/orders', async ({ request }) => {
        const body = (await request.json()) as CreateOrderBody;
        sent.push({ body, key: request.headers.get('Idempotency-Key') });
        orders = [order(7)];
        return HttpResponse.json(orders[0], { status: 201 });
      }),
    );
    const { user } = renderApp('/1/store', student);
    await user.click(await screen.findByRole('button', { name: 'Buy Homework pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Homework pass' });
    expect(within(dialog).getByTestId('buy-summary')).toHaveTextContent('Available after$498.00');
    await user.click(within(dialog).getByRole('radio', { name: /SAVINGS \*\*0002/ }));
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm: buy for $2.00' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ itemId: 1, accountId: savings.accountId });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Ordered: Homework pass')).toBeInTheDocument();
    const row = await screen.findByTestId('my-order');
    expect(within(row).getByTestId('order-status')).toHaveTextContent('Waiting');
  });

  it("shows the server's refusal in words, with what it means, and changes nothing on screen", async () => {
    server.use(
      http.post('*/api/user/orders', () =>
        HttpResponse.json({ error: 'CONFLICT', message: 'Sold out', reason: 'SOLD_OUT' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/1/store', student);
    await user.click(await screen.findByRole('button', { name: 'Buy Homework pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Homework pass' });
    await user.click(within(dialog).getByRole('button', { name: /^Confirm: buy/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Not bought');
    expect(alert).toHaveTextContent('Sold out');
    expect(alert).toHaveTextContent('Someone bought the last one.');
    expect(screen.queryByTestId('my-order')).toBeNull();
  });

  it('offers Cancel only while an order waits, and cancels after the question', async () => {
    orders = [
      order(3, { itemName: 'Pencil' }),
      order(2, { status: 'fulfilled', itemName: 'Sticker', decidedBy: 'teller', transactionId: 9 }),
      order(1, { status: 'refunded', itemName: 'Eraser', reason: 'Out of erasers' }),
    ];
    let cancelled: number | null = null;
    server.use(
      http.post('*/api/user/orders/:orderId/cancel', ({ params }) => {
        cancelled = Number(params.orderId);
        orders[0] = { ...orders[0]!, status: 'cancelled' };
        return HttpResponse.json(orders[0]);
      }),
    );
    const { user } = renderApp('/1/store', student);
    await waitFor(() => expect(screen.getAllByTestId('my-order')).toHaveLength(3));
    const statuses = screen.getAllByTestId('order-status').map((s) => s.textContent);
    expect(statuses).toEqual(['Waiting', 'Given', 'Refunded: Out of erasers']);
    const cancels = screen.getAllByRole('button', { name: /^Cancel order: / });
    expect(cancels.map((b) => b.getAttribute('aria-label'))).toEqual(['Cancel order: Pencil']);
    await user.click(cancels[0]!);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(cancelled).toBe(3));
    await waitFor(() => expect(screen.getAllByTestId('order-status')[0]).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('button', { name: /^Cancel order: / })).toBeNull();
  });

  it("says at home what the Student's order holds, apart from a class banker's request", async () => {
    accounts = [{ ...checking, available: 494 }, savings];
    orders = [order(4, { price: 2 }), order(5, { price: 1, status: 'fulfilled' })];
    renderApp('/home', student);
    const available = await screen.findByTestId('account-available');
    await waitFor(() =>
      expect(available).toHaveTextContent(
        'Available $494.00 (held $2.00 for your order and $4.00 for a waiting request)',
      ),
    );
    expect(screen.getByText(/\$2\.00 is set aside for your order/)).toBeInTheDocument();
  });
});
