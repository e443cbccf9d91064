import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  messages,
  schoolYearScreens as t,
  schoolYearText,
  teacherText,
  type BatchDetail,
  type BatchSummary,
} from '@bank/shared';
import { admin, bankSettings, checking, northChecking, savings, teller } from '../../test/fixtures';
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
  createdByName: 'Ada Admin',
  createdAt: '2026-12-04T11:00:00.000Z',
  reversalOf: null,
  reversedCount: 1,
  branches: [
    { branchId: 1, branchName: 'Main Campus' },
    { branchId: 2, branchName: 'North Campus' },
  ],
  names: ['Sam Student', 'Sam Saver', 'Nora North'],
  reversedNames: ['Nora North'],
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
  branches: [{ branchId: 2, branchName: 'North Campus' }],
  names: ['Nora North'],
  reversedNames: [],
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
  branchId: accountId === northChecking.accountId ? 2 : 1,
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

let reversals: { batchId: string; body: unknown; who: string }[];

beforeEach(() => {
  reversals = [];
  server.use(
    http.get('*/api/teller/batches/:bankId', () => HttpResponse.json([undo, paid])),
    http.get('*/api/teller/batches/:bankId/:batchId', () => HttpResponse.json(detail)),
    http.post('*/api/:who/batches/:batchId/reverse', async ({ request, params }) => {
      const body = (await request.json()) as { accountIds?: string[] };
      reversals.push({ batchId: String(params.batchId), body, who: String(params.who) });
      const count = body.accountIds?.length ?? 2;
      return HttpResponse.json(
        { batchId: PAID, reversalBatchId: 'r', count, total: count * 5, transactions: [] },
        { status: 201 },
      );
    }),
  );
});

/** A teacher of Main Campus. */
const mainTeacher = { ...teller, branchId: 1 };

async function openReverse(as = admin) {
  const view = renderApp('/1/payday/history', as);
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
    expect(reversals).toEqual([{ batchId: PAID, body: { reason: 'Wrong class' }, who: 'admin' }]);
  });

  it("reads as a class's history: the classes, the name, who ran it, whom a reversal undid; Reverse only where something stands", async () => {
    renderApp('/1/payday/history', admin);
    const rows = await screen.findAllByTestId('payday-history-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(teacherText.reversalOfFor('Class job', '12/04/2026', 'Nora North'));
    expect(rows[0]).toHaveTextContent('North Campus');
    expect(rows[1]).toHaveTextContent(teacherText.reversedFor('Nora North'));
    expect(rows[1]).toHaveTextContent('Main Campus, North Campus');
    expect(rows[1]).toHaveTextContent('Ada Admin');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: /^Reverse: Class job/ })).toBeInTheDocument();
  });

  it('names a payday without a memo by its date, and counts the names it leaves out', async () => {
    const many = {
      ...paid,
      memo: null,
      count: 7,
      reversedCount: 6,
      reversedNames: ['A', 'B', 'C', 'D', 'E'],
    };
    server.use(http.get('*/api/teller/batches/:bankId', () => HttpResponse.json([many])));
    renderApp('/1/payday/history', admin);
    const [row] = await screen.findAllByTestId('payday-history-row');
    expect(row).toHaveTextContent('Payday 12/04/2026');
    expect(row).toHaveTextContent(teacherText.reversedFor('A, B, C, D, E and 1 more'));
  });

  it('tells a teller without a class to ask an admin, without Reverse', async () => {
    renderApp('/1/payday/history', teller);
    await screen.findAllByTestId('payday-history-row');
    expect(screen.getByTestId('ask-admin')).toHaveTextContent(teacherText.noClassAtAll);
    expect(screen.queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
  });

  it('tells a teacher to ask an admin when the bank keeps reversals to admins', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, tellerCanReverse: false }),
      ),
    );
    renderApp('/1/payday/history', mainTeacher);
    await screen.findAllByTestId('payday-history-row');
    expect(await screen.findByTestId('ask-admin')).toHaveTextContent(teacherText.rightOff('reverse'));
    expect(screen.queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
  });

  it("lets a teacher reverse their own class's payments through their own call, not another class's", async () => {
    server.use(
      http.get('*/api/teller/batches/:bankId/:batchId', () =>
        HttpResponse.json({ ...detail, payments: detail.payments.map((p) => ({ ...p, reversedBy: null })) }),
      ),
    );
    const { user, dialog } = await openReverse(mainTeacher);
    // Nora is of another class: not the whole payday, and not her.
    expect(within(dialog).getByRole('radio', { name: t.reverseWhole })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: t.reverseChosen })).toBeChecked();
    const nora = within(dialog).getByRole('checkbox', { name: /Nora North/ });
    expect(nora).toBeDisabled();
    expect(nora).toHaveAccessibleName(
      `${t.reverseStudent('Nora North', 'CHECKING **0003', '$5.00')} ${teacherText.otherClass}`,
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Sam Student/ }));
    await user.type(within(dialog).getByLabelText(new RegExp(`^${t.reasonLabel}`)), 'Absent{Enter}');
    expect(await screen.findByText(t.paydayReversed(1, '$5.00'))).toBeInTheDocument();
    expect(reversals).toEqual([
      { batchId: PAID, body: { reason: 'Absent', accountIds: [checking.accountId] }, who: 'teller' },
    ]);
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
      { batchId: PAID, body: { reason: 'Absent', accountIds: [savings.accountId] }, who: 'admin' },
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
      {
        batchId: PAID,
        body: { reason: 'Wrong class', accountIds: [checking.accountId, savings.accountId] },
        who: 'admin',
      },
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
