import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { classroomText, schoolYearScreens as t, type BatchBody } from '@bank/shared';
import { admin, transaction } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { prefillOf } from './repeat-payday';

const result = (amounts: number[]) => ({
  batchId: 'b-1',
  kind: 'deposit' as const,
  memo: 'Class job',
  count: amounts.length,
  total: amounts.reduce((a, b) => a + b, 0),
  transactions: amounts.map((amount, i) =>
    transaction({ id: 90 + i, accountId: `100000000${i + 1}`, amount }),
  ),
});

describe('Repeat this every week', () => {
  it('carries the payday’s accounts, and its amount only when every row had the same', () => {
    expect(prefillOf(result([5, 5]))).toEqual({
      name: 'Class job',
      kind: 'deposit',
      amount: 5,
      memo: 'Class job',
      accountIds: ['1000000001', '1000000002'],
    });
    expect(prefillOf(result([5, 7])).amount).toBeNull();
    expect(prefillOf({ ...result([5]), memo: null }).name).toBe(t.repeatDefaultName);
  });

  it('opens the Schedules form filled in from the payday’s confirmation', async () => {
    server.use(
      http.get('*/api/teller/schedules/:bankId', () => HttpResponse.json([])),
      http.post('*/api/teller/batches/preview', async ({ request }) => {
        const body = (await request.json()) as BatchBody;
        const items = body.items.map((item) => ({
          accountId: item.accountId,
          username: 'student',
          name: 'Sam Student',
          accountType: 'CHECKING' as const,
          balance: 500,
          newBalance: 505,
          error: null,
          reason: null,
        }));
        return HttpResponse.json({ ok: true, count: items.length, total: 5, items });
      }),
      http.post('*/api/teller/batches', async ({ request }) => {
        const body = (await request.json()) as BatchBody;
        const transactions = body.items.map((item, i) =>
          transaction({
            id: 90 + i,
            accountId: item.accountId,
            amount: Number(item.amount),
            memo: 'Class job',
          }),
        );
        return HttpResponse.json(
          { batchId: 'b-1', kind: 'deposit', memo: 'Class job', count: 1, total: 5, transactions },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp('/1/payday', admin);
    await user.selectOptions(await screen.findByLabelText('Branch'), 'Main Campus');
    await screen.findByRole('checkbox', { name: classroomText.includeStudent('Sam Student') });
    await user.type(screen.getByRole('textbox', { name: classroomText.amountForEveryone }), '5');
    await user.type(screen.getByLabelText('Memo'), 'Class job');
    await user.click(screen.getByRole('button', { name: classroomText.reviewPayday }));
    await user.click(await screen.findByRole('button', { name: classroomText.submitPayday }));
    const repeat = await screen.findByTestId('repeat-payday');
    await user.click(within(repeat).getByRole('button', { name: t.repeatEveryWeek }));

    expect(await screen.findByRole('heading', { name: t.createTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${t.nameLabel}`))).toHaveValue('Class job');
    expect(screen.getByLabelText(new RegExp(`^${t.amountLabel}`))).toHaveValue('5.00');
    expect(screen.getByLabelText(t.everyLabel)).toHaveValue('week');
    expect(screen.getByRole('radio', { name: new RegExp(t.whoAccounts) })).toBeChecked();
    expect(screen.getByText(/Sam Student · CHECKING \*\*0001/)).toBeInTheDocument();
  });
});
