import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format';
import { admin, transaction } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

/**
 * Issue 9: an edited date must be the day the viewer chose, in the viewer's time zone. Each case is
 * a transaction whose local date differs from its UTC date (a US evening, a Tokyo morning).
 */
const cases = [
  {
    zone: 'America/Los_Angeles',
    // 03/04 19:00 in Los Angeles (PST) is already 03/05 in UTC.
    transactionDate: '2026-03-05T03:00:00.000Z',
    shown: '2026-03-04',
    chosen: '2026-03-10',
    // 03/10 19:00 in Los Angeles (PDT since 03/08).
    sent: '2026-03-11T02:00:00.000Z',
  },
  {
    zone: 'Asia/Tokyo',
    // 03/05 05:00 in Tokyo is still 03/04 in UTC.
    transactionDate: '2026-03-04T20:00:00.000Z',
    shown: '2026-03-05',
    chosen: '2026-03-08',
    sent: '2026-03-07T20:00:00.000Z',
  },
];

describe.each(cases)('editing the date in $zone', ({ zone, transactionDate, shown, chosen, sent }) => {
  const originalZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = originalZone;
  });

  it('sends the chosen local day with the original local time of day', async () => {
    const row = transaction({
      id: 5,
      status: 'pending',
      postedDate: null,
      accountBalance: null,
      transactionDate,
    });
    let body: { transactionDate?: string } | undefined;
    server.use(
      http.get('*/api/user/transactions/1000000001', () => HttpResponse.json([row])),
      http.put('*/api/admin/transactions/update', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({ ...row, transactionDate: body?.transactionDate });
      }),
    );
    const { user } = renderApp('/account/1000000001', admin);
    await user.click(await screen.findByRole('button', { name: 'Edit transaction 5: Teller Deposit' }));
    const form = await screen.findByRole('region', { name: 'Edit Transaction 5' });
    const dateInput = within(form).getByLabelText(/Transaction Date/);
    expect(dateInput).toHaveValue(shown);
    fireEvent.change(dateInput, { target: { value: chosen } });
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(body?.transactionDate).toBe(sent));
    // What the table will show for the saved row is the day chosen.
    const [year, month, day] = chosen.split('-');
    expect(formatDate(body?.transactionDate)).toBe(`${month}/${day}/${year}`);
  });
});
