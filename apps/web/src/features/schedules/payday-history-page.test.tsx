import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  messages,
  schoolYearScreens as t,
  schoolYearText,
  type BatchDetail,
  type BatchSummary,
} from '@bank/shared';
import { admin, checking, northChecking, savings, teller } from '../../test/fixtures';
import { fieldError } from '../../test/helpers';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const PAID = '6f1c2a4e-0000-4000-8000-000000000001';
const UNDO = '6f1c2a4e-0000-4000-8000-000000000002';

const paid: BatchSummary = {
  batchId: PAID,
  kind: 'deposit',
  memo: 'Class job',
  count: 3,
  total: 15,
  createdBy: 'admin',
  createdAt: '2026-12-04T11:00:00.000Z',
  reversalOf: null,
  reversedCount: 1,
};
const undo: BatchSummary = {
  ...paid,
  batchId: UNDO,
  kind: 'withdrawal',
  memo: 'Absent',
  count: 1,
  total: 5,
  createdAt: '2026-12-05T09:00:00.000Z',
  reversalOf: PAID,
  reversedCount: 0,
};

const payment = (
  accountId: string,
  name: string,
  transactionId: number,
  reversedBy: number | null = null,
) => ({
  transactionId,
  accountId,
  accountType: 'CHECKING' as const,
  username: name.toLowerCase(),
  name,
  amount: 5,
  status: 'pending' as const,
  reversedBy,
});

const detail: BatchDetail = {
  ...paid,
  payments: [
    payment(checking.accountId, 'Sam Student', 41),
    payment(savings.accountId, 'Sam Saver', 42),
    payment(northChecking.accountId, 'Nora North', 43, 50),
  ],
};

let reversals: { batchId: string; body: unknown }[];

beforeEach(() => {
  reversals = [];
  server.use(
    http.get('*/api/teller/batches/:bankId', () => HttpResponse.json([undo, paid])),
    http.get('*/api/teller/batches/:bankId/:batchId', () => HttpResponse.json(detail)),
    http.post('*/api/admin/batches/:batchId/reverse', async ({ request, params }) => {
      const body = (await request.json()) as { accountIds?: string[] };
      reversals.push({ batchId: String(params.batchId), body });
      const count = body.accountIds?.length ?? 2;
      return HttpResponse.json(
        { batchId: PAID, reversalBatchId: 'r', count, total: count * 5, transactions: [] },
        { status: 201 },
      );
    }),
  );
});

async function openReverse() {
  const view = renderApp('/1/payday/history', admin);
  await view.user.click(await screen.findByRole('button', { name: /^Reverse: Class job/ }));
  const dialog = await screen.findByRole('dialog', { name: t.reversePaydayTitle });
  await within(dialog).findByRole('radio', { name: t.reverseChosen });
  return { ...view, dialog };
}

describe('Payday history', () => {
  it('reverses a payday none of which was reversed as a whole', async () => {
    server.use(
      http.get('*/api/teller/batches/:bankId/:batchId', () =>
        HttpResponse.json({ ...detail, payments: detail.payments.map((p) => ({ ...p, reversedBy: null })) }),
      ),
    );
    const { user, dialog } = await openReverse();
    await user.type(within(dialog).getByLabelText(new RegExp(`^${t.reasonLabel}`)), 'Wrong class{Enter}');
    await screen.findByText(t.paydayReversed(2, '$10.00'));
    expect(reversals).toEqual([{ batchId: PAID, body: { reason: 'Wrong class' } }]);
  });

  it('lists every payday with what has been reversed, and offers Reverse only where something stands', async () => {
    renderApp('/1/payday/history', admin);
    const rows = await screen.findAllByTestId('payday-history-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(t.reversalOfPayday('12/04/2026'));
    expect(rows[1]).toHaveTextContent(t.reversedSome(1, 3));
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: /^Reverse: Class job/ })).toBeInTheDocument();
  });

  it('gives a teller the history without Reverse', async () => {
    renderApp('/1/payday/history', teller);
    await screen.findAllByTestId('payday-history-row');
    expect(screen.queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
  });

  it('reverses the chosen students in one step, with a reason; an already reversed one cannot be chosen', async () => {
    const { user, dialog } = await openReverse();
    await user.click(within(dialog).getByRole('radio', { name: t.reverseChosen }));
    const nora = within(dialog).getByRole('checkbox', { name: /Nora North/ });
    expect(nora).toBeDisabled();
    expect(nora).toHaveAccessibleName(
      `${t.reverseStudent('Nora North', 'CHECKING **0003', '$5.00')} (${t.alreadyReversed})`,
    );
    await user.type(within(dialog).getByLabelText(new RegExp(`^${t.reasonLabel}`)), 'Absent');
    await user.click(within(dialog).getByRole('button', { name: t.reversePaydayButton }));
    expect(
      within(dialog).getByText(t.chooseStudents, { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(reversals).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: /Sam Saver/ }));
    await user.click(within(dialog).getByRole('button', { name: t.reversePaydayButton }));
    expect(await screen.findByText(t.paydayReversed(1, '$5.00'))).toBeInTheDocument();
    expect(reversals).toEqual([
      { batchId: PAID, body: { reason: 'Absent', accountIds: [savings.accountId] } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reverses all that still stands by default (by name, as part was reversed before), and needs a reason', async () => {
    const { user, dialog } = await openReverse();
    await user.click(within(dialog).getByRole('button', { name: t.reversePaydayButton }));
    expect(fieldError(new RegExp(`^${t.reasonLabel}`))).toBe(schoolYearText.reasonRequired);
    await user.type(within(dialog).getByLabelText(new RegExp(`^${t.reasonLabel}`)), 'Wrong class{Enter}');
    expect(await screen.findByText(t.paydayReversed(2, '$10.00'))).toBeInTheDocument();
    expect(reversals).toEqual([
      { batchId: PAID, body: { reason: 'Wrong class', accountIds: [checking.accountId, savings.accountId] } },
    ]);
  });

  it('names each student who cannot pay it back when the server refuses, and stays open', async () => {
    server.use(
      http.post('*/api/admin/batches/:batchId/reverse', () =>
        HttpResponse.json(
          {
            error: 'CONFLICT',
            message: schoolYearText.batchReversalInsufficient,
            fields: { [`accounts.${savings.accountId}`]: messages.insufficientFunds },
          },
          { status: 409 },
        ),
      ),
    );
    const { user, dialog } = await openReverse();
    await user.type(within(dialog).getByLabelText(new RegExp(`^${t.reasonLabel}`)), 'Wrong class{Enter}');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(t.reverseFailed);
    expect(alert).toHaveTextContent(schoolYearText.batchReversalInsufficient);
    expect(alert).toHaveTextContent(`Sam Saver: ${messages.insufficientFunds}`);
  });
});
