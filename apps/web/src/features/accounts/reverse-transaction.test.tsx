import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  messages,
  schoolYearScreens as t,
  schoolYearText,
  teacherText,
  type Transaction,
} from '@bank/shared';
import { admin, bankSettings, checking, student, teller, transaction } from '../../test/fixtures';
import { gate } from '../../test/gate';
import { fieldError } from '../../test/helpers';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

/** Class pay of 5.00, posted; the lunch money of 2.00 reversed (reason "Counted twice"), and its reversal. */
const pay = transaction({
  id: 21,
  amount: 5,
  description: 'Teller Deposit',
  memo: 'Class job',
  accountBalance: 505,
});
const lunch = transaction({
  id: 22,
  amount: 2,
  description: 'Teller Deposit',
  reversedBy: 23,
  accountBalance: 507,
});
const reversal = transaction({
  id: 23,
  type: 'debit',
  amount: 2,
  description: schoolYearText.reversalDescription('Teller Deposit'),
  memo: 'Counted twice',
  reversalOf: 22,
  status: 'pending',
  postedDate: null,
  accountBalance: null,
});

let list: Transaction[];
let reverses: { id: string; body: unknown; who?: string }[];

beforeEach(() => {
  list = [reversal, lunch, pay];
  reverses = [];
  server.use(
    http.get(`*/api/user/transactions/${checking.accountId}`, () => HttpResponse.json(list)),
    http.post('*/api/:who/transactions/:transactionId/reverse', async ({ request, params }) => {
      const body = (await request.json()) as { reason: string };
      reverses.push({ id: String(params.transactionId), body, who: String(params.who) });
      const made = transaction({
        id: 24,
        type: 'debit',
        amount: 5,
        description: schoolYearText.reversalDescription('Teller Deposit'),
        memo: body.reason,
        reversalOf: 21,
        status: 'pending',
        postedDate: null,
        accountBalance: null,
      });
      list = [made, reversal, lunch, { ...pay, reversedBy: 24 }];
      return HttpResponse.json({ reversalOf: 21, transactions: [made] }, { status: 201 });
    }),
  );
});

const row = (description: RegExp | string) =>
  screen.getAllByTestId('transaction-row').find((r) => within(r).queryByText(description))!;

describe('reversal on the account page', () => {
  it('shows a student the original with "Reversed: {reason}" and the reversal with its reason, and no buttons', async () => {
    renderApp(`/account/${checking.accountId}`, student);
    const note = await screen.findByTestId('reversed-note');
    expect(note).toHaveTextContent(t.reversedLabel('Counted twice'));
    expect(screen.getAllByTestId('transaction-row').find((r) => r.contains(note))).toHaveTextContent('$2.00');
    const reversalRow = row(schoolYearText.reversalDescription('Teller Deposit'));
    expect(within(reversalRow).getByTestId('transaction-memo')).toHaveTextContent('Counted twice');
    expect(screen.queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
  });

  it('offers an admin Reverse on what stands, and neither Edit nor Reverse on a reversed row or a reversal', async () => {
    renderApp(`/account/${checking.accountId}`, admin);
    await screen.findAllByTestId('transaction-row');
    expect(
      screen.getByRole('button', { name: 'Reverse transaction 21: Teller Deposit' }),
    ).toBeInTheDocument();
    for (const id of [22, 23]) {
      expect(
        screen.queryByRole('button', { name: new RegExp(`transaction ${id}:`) }),
      ).not.toBeInTheDocument();
    }
  });

  it('gives a teller without a class no Reverse, and says whom to ask', async () => {
    renderApp(`/account/${checking.accountId}`, teller);
    await screen.findAllByTestId('transaction-row');
    expect(screen.queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
    expect(await screen.findByTestId('ask-admin')).toHaveTextContent(teacherText.noClassAtAll);
  });

  it("lets a teacher reverse their own class's transaction through the teacher call, and no Edit", async () => {
    const { user } = renderApp(`/account/${checking.accountId}`, { ...teller, branchId: 1 });
    await user.click(await screen.findByRole('button', { name: 'Reverse transaction 21: Teller Deposit' }));
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: t.reverseTransactionTitle });
    await user.type(within(dialog).getByLabelText(new RegExp(`^${t.reasonLabel}`)), 'Absent{Enter}');
    await waitFor(() => expect(reverses).toEqual([{ id: '21', body: { reason: 'Absent' }, who: 'teller' }]));
  });

  it("tells a teacher to ask an admin for another class's account, or when reversals are the admins'", async () => {
    renderApp(`/account/${checking.accountId}`, { ...teller, branchId: 2 });
    expect(await screen.findByTestId('ask-admin')).toHaveTextContent(teacherText.notYourClass('reverse'));
    expect(screen.queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
  });

  it('says "Ask an admin" when the bank keeps reversals to admins', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, tellerCanReverse: false }),
      ),
    );
    renderApp(`/account/${checking.accountId}`, { ...teller, branchId: 1 });
    expect(await screen.findByTestId('ask-admin')).toHaveTextContent(teacherText.rightOff('reverse'));
    await screen.findAllByTestId('transaction-row');
    expect(screen.queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
  });

  it('asks for a reason in a dialog that has the focus, then reverses and shows both rows', async () => {
    const answer = gate();
    server.use(
      http.post('*/api/admin/transactions/:transactionId/reverse', async () => {
        await answer.wait();
        return HttpResponse.json({ error: 'CONFLICT', message: messages.insufficientFunds }, { status: 409 });
      }),
    );
    const { user } = renderApp(`/account/${checking.accountId}`, admin);
    await user.click(await screen.findByRole('button', { name: 'Reverse transaction 21: Teller Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: t.reverseTransactionTitle });
    expect(
      within(dialog).getByText(t.reverseTransactionMessage('Teller Deposit', '$5.00')),
    ).toBeInTheDocument();
    const reason = within(dialog).getByLabelText(new RegExp(`^${t.reasonLabel}`));
    await waitFor(() => expect(reason).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: t.reverseTransactionButton }));
    expect(fieldError(new RegExp(`^${t.reasonLabel}`))).toBe(schoolYearText.reasonRequired);

    await user.type(reason, 'Absent on Friday{Enter}');
    expect(await within(dialog).findByRole('button', { name: t.reversing })).toBeDisabled();
    answer.open();
    expect(await within(dialog).findByText(messages.insufficientFunds)).toBeInTheDocument();

    server.resetHandlers();
    server.use(
      http.get(`*/api/user/transactions/${checking.accountId}`, () => HttpResponse.json(list)),
      http.post('*/api/admin/transactions/:transactionId/reverse', async ({ request, params }) => {
        reverses.push({ id: String(params.transactionId), body: await request.json() });
        const made = transaction({
          ...reversal,
          id: 24,
          amount: 5,
          memo: 'Absent on Friday',
          reversalOf: 21,
        });
        list = [made, reversal, lunch, { ...pay, reversedBy: 24 }];
        return HttpResponse.json({ reversalOf: 21, transactions: [made] }, { status: 201 });
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: t.reverseTransactionButton }));
    expect(await screen.findByText(t.transactionReversed)).toBeInTheDocument();
    expect(reverses).toEqual([{ id: '21', body: { reason: 'Absent on Friday' } }]);
    await waitFor(() =>
      expect(screen.getAllByTestId('reversed-note').map((n) => n.textContent)).toContain(
        t.reversedLabel('Absent on Friday'),
      ),
    );
    expect(
      screen.queryByRole('button', { name: 'Reverse transaction 21: Teller Deposit' }),
    ).not.toBeInTheDocument();
  });

  it('says a transfer is reversed as a whole', async () => {
    list = [{ ...pay, transferId: 'tr-1', description: 'Transfer from SAVINGS **0002' }];
    const { user } = renderApp(`/account/${checking.accountId}`, admin);
    await user.click(await screen.findByRole('button', { name: /^Reverse transaction 21/ }));
    const dialog = await screen.findByRole('dialog', { name: t.reverseTransactionTitle });
    expect(within(dialog).getByText(t.reverseTransferNote)).toBeInTheDocument();
  });

  it('steers the admin from Delete to Reverse for a posted transaction, not for a pending one', async () => {
    list = [{ ...pay, id: 30, status: 'pending', postedDate: null, accountBalance: null }, pay];
    const { user } = renderApp(`/account/${checking.accountId}`, admin);
    await user.click(await screen.findByRole('button', { name: 'Edit transaction 30: Teller Deposit' }));
    expect(screen.queryByTestId('reverse-instead')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit transaction 21: Teller Deposit' }));
    const steer = await screen.findByTestId('reverse-instead');
    expect(steer).toHaveTextContent(t.reverseInsteadTitle);
    // Delete stays, as the spec has it.
    expect(screen.getByRole('button', { name: 'Delete Transaction' })).toBeInTheDocument();
    await user.click(within(steer).getByRole('button', { name: t.reverseInsteadButton }));
    const dialog = await screen.findByRole('dialog', { name: t.reverseTransactionTitle });
    await user.type(within(dialog).getByLabelText(new RegExp(`^${t.reasonLabel}`)), 'Wrong student{Enter}');
    expect(await screen.findByText(t.transactionReversed)).toBeInTheDocument();
    expect(reverses).toEqual([{ id: '21', body: { reason: 'Wrong student' }, who: 'admin' }]);
    await waitFor(() => expect(screen.queryByTestId('reverse-instead')).not.toBeInTheDocument());
  });
});
