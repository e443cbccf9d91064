import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoreOrder } from '@bank/shared';
import { admin, teller } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const order = (orderId: number, overrides: Partial<StoreOrder> = {}): StoreOrder => ({
  orderId,
  itemId: 1,
  itemName: 'Homework pass',
  accountId: '100000000' + orderId,
  username: 'maya',
  studentName: 'Maya Chen',
  price: 2,
  status: 'waiting',
  createdAt: `2026-03-0${orderId}T15:30:00.000Z`,
  expiresAt: `2026-03-1${orderId}T15:30:00.000Z`,
  decidedBy: null,
  decidedAt: null,
  reason: null,
  transactionId: null,
  ...overrides,
});

let orders: StoreOrder[];
let refunds: { orderId: number; reason: string }[];

/** The server's queue: waiting first (oldest first), then the decided; `status=waiting` the waiting only. */
const queue = (status: string | null) => orders.filter((o) => status === null || o.status === status);

beforeEach(() => {
  orders = [
    order(1),
    order(2, { studentName: 'Nora North', itemName: 'Pencil', price: 0.5 }),
    order(3, { status: 'fulfilled', itemName: 'Sticker', decidedBy: 'teller' }),
  ];
  refunds = [];
  server.use(
    http.get('*/api/teller/orders/:bankId', ({ request }) => {
      const rows = queue(new URL(request.url).searchParams.get('status'));
      const total = String(orders.filter((o) => o.status === 'waiting').length);
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': total } });
    }),
    http.post('*/api/teller/orders/:orderId/fulfil', ({ params }) => {
      const at = orders.findIndex((o) => o.orderId === Number(params.orderId));
      orders[at] = { ...orders[at]!, status: 'fulfilled', decidedBy: 'teller', transactionId: 50 };
      return HttpResponse.json(orders[at]);
    }),
    http.post('*/api/teller/orders/:orderId/refund', async ({ params, request }) => {
      const { reason } = (await request.json()) as { reason: string };
      const at = orders.findIndex((o) => o.orderId === Number(params.orderId));
      refunds.push({ orderId: orders[at]!.orderId, reason });
      orders[at] = { ...orders[at]!, status: 'refunded', decidedBy: 'teller', reason };
      return HttpResponse.json(orders[at]);
    }),
  );
});

const nav = () => screen.getByRole('navigation', { name: 'Side navigation' });

describe("The teacher's store orders", () => {
  it('counts the waiting orders in a badge beside Approvals, and on the home tile', async () => {
    renderApp('/home', admin);
    await screen.findByRole('navigation', { name: 'Side navigation' });
    const link = await within(nav()).findByRole('link', { name: 'Store orders (2 waiting)' });
    const names = within(nav())
      .getAllByRole('link')
      .map((l) => l.textContent);
    const approvals = names.findIndex((n) => n?.startsWith('Approvals'));
    expect(names[approvals + 1]).toBe(link.textContent);
    const tile = screen.getAllByTestId('action-tile').find((t) => t.textContent?.startsWith('Store orders'))!;
    expect(tile).toHaveTextContent('2 waiting');
  });

  it('shows no badge when nothing waits', async () => {
    orders = [order(3, { status: 'fulfilled', decidedBy: 'teller' })];
    renderApp('/1/store/orders', teller);
    expect(await screen.findByTestId('order-row')).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Store orders' })).toBeInTheDocument();
  });

  it('gives a waiting order, and the badge counts one fewer; a decided one offers nothing', async () => {
    const { user } = renderApp('/1/store/orders', teller);
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3));
    const decided = screen.getAllByTestId('order-row')[2]!;
    expect(within(decided).getByTestId('order-status')).toHaveTextContent('Given');
    expect(within(decided).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Given: Homework pass to Maya Chen' }));
    expect(await screen.findByText('Given: Homework pass to Maya Chen')).toBeInTheDocument();
    await within(nav()).findByRole('link', { name: 'Store orders (1 waiting)' });
    expect(within(screen.getAllByTestId('order-row')[0]!).getByTestId('order-status')).toHaveTextContent(
      'Given',
    );
  });

  it('refunds with the reason the Student reads; no reason, no refund', async () => {
    const { user } = renderApp('/1/store/orders', teller);
    await user.click(await screen.findByRole('button', { name: "Refund Nora North's Pencil" }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the order' });
    expect(dialog).toHaveTextContent("Refund Nora North's order of Pencil: the $0.50 held for it");
    expect(dialog).toHaveTextContent('The student reads it beside their order');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(refunds).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Out of pencils');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refunds).toEqual([{ orderId: 2, reason: 'Out of pencils' }]));
    expect(await screen.findByText("Refunded Nora North's Pencil")).toBeInTheDocument();
  });
});
