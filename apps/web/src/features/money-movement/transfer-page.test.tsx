import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages, studentText } from '@bank/shared';
import { admin, checking, savings, student, transaction } from '../../test/fixtures';
import { fieldError, optionLabels, tableRows } from '../../test/helpers';
import { gate } from '../../test/gate';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { uiText } from '../../lib/ui-text';

const transferResult = {
  transferId: 'tr-1',
  debit: transaction({
    id: 41,
    type: 'debit',
    amount: 25,
    description: 'Transfer to SAVINGS **0002',
    status: 'pending',
    postedDate: null,
    accountBalance: null,
    transactionDate: '2026-03-05T12:00:00.000Z',
  }),
  credit: transaction({
    id: 42,
    accountId: savings.accountId,
    type: 'credit',
    amount: 25,
    description: 'Transfer from CHECKING **0001',
    status: 'pending',
    postedDate: null,
    accountBalance: null,
    transactionDate: '2026-03-05T12:00:00.000Z',
  }),
};

interface Captured {
  body: unknown;
  key: string | null;
}

function captureTransfers(
  respond: () => Response | Promise<Response> = () => HttpResponse.json(transferResult, { status: 201 }),
) {
  const calls: Captured[] = [];
  server.use(
    http.post('*/api/user/transfers', async ({ request }) => {
      calls.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return respond();
    }),
  );
  return calls;
}

async function fillTransfer(
  user: ReturnType<typeof renderApp>['user'],
  from: string,
  to: string,
  amount: string,
) {
  await user.selectOptions(await screen.findByLabelText('From Account'), from);
  await user.selectOptions(screen.getByLabelText('To Account'), to);
  await user.clear(screen.getByLabelText('Amount'));
  if (amount) await user.type(screen.getByLabelText('Amount'), amount);
}

describe('transfer', () => {
  it('starts blank with amount 0 and names both blank accounts with the spec texts', async () => {
    const calls = captureTransfers();
    const { user } = renderApp('/1/transfer', student);
    expect(await screen.findByLabelText('From Account')).toHaveValue('fromBlank');
    expect(screen.getByLabelText('To Account')).toHaveValue('toBlank');
    expect(screen.getByLabelText('Amount')).toHaveValue('0');
    // What a transfer is and which way the money goes, in a child's words (issue 33 item 9).
    expect(screen.getByText(studentText.transferIntro)).toBeInTheDocument();
    expect(screen.getByLabelText('From Account')).toHaveAccessibleDescription(studentText.fromAccountHint);
    expect(screen.getByLabelText('To Account')).toHaveAccessibleDescription(studentText.toAccountHint);
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    expect(fieldError('From Account')).toBe('Please select a valid account');
    // The target's message has the double space of the spec.
    expect(fieldError('To Account')).toBe('Please select  a valid account');
    expect(calls).toHaveLength(0);
  });

  it('leaves the From account out of the To list, chooses the other of two, and says what can move', async () => {
    const { user } = renderApp('/1/transfer', student);
    await user.selectOptions(await screen.findByLabelText('From Account'), checking.accountId);
    expect(optionLabels('To Account').some((o) => o.startsWith('CHECKING'))).toBe(false);
    expect(screen.getByLabelText('To Account')).toHaveValue(savings.accountId);
    // Less than the balance of 500 (spec §5).
    expect(screen.getByText('You can move up to $499.99')).toBeInTheDocument();
  });

  it.each([['0'], ['-5'], ['abc'], [''], ['500'], ['900']])(
    'refuses the amount "%s" (balance 500)',
    async (amount) => {
      const { user } = renderApp('/1/transfer', student);
      await fillTransfer(user, checking.accountId, savings.accountId, amount);
      await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
      expect(fieldError('Amount')).toBe(messages.amountInvalid);
      expect(screen.queryByRole('button', { name: 'Submit Transfer' })).not.toBeInTheDocument();
    },
  );

  it('goes from entry to confirm to the confirmation page, with one Idempotency-Key', async () => {
    const held = gate();
    const calls = captureTransfers(async () => {
      await held.wait();
      return HttpResponse.json(transferResult, { status: 201 });
    });
    const { user, router } = renderApp('/1/transfer', student);
    await screen.findByLabelText('From Account');
    expect(optionLabels('From Account')).toEqual([
      'Select an account',
      'CHECKING **0001 · $500.00',
      'SAVINGS **0002 · $1,250.50',
    ]);
    await fillTransfer(user, checking.accountId, savings.accountId, '25');
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));

    expect(tableRows('confirm-summary')).toEqual([
      ['From', 'CHECKING **0001'],
      ['To', 'SAVINGS **0002'],
      ['Amount', '$25.00'],
    ]);
    expect(screen.getByText(studentText.confirmNothingYet('Submit Transfer'))).toBeInTheDocument();
    // A double click sends one request: the button is disabled while it is processing.
    await user.dblClick(screen.getByRole('button', { name: 'Submit Transfer' }));
    expect(await screen.findByRole('button', { name: messages.processingTransfer })).toBeDisabled();
    held.open();

    await waitFor(() => expect(router.state.location.pathname).toBe('/1/transfer/confirmation'));
    expect(await screen.findByText(messages.transferSucceeded)).toBeInTheDocument();
    expect(tableRows('confirmation-details')).toEqual([
      ['From Account', 'CHECKING **0001'],
      ['To Account', 'SAVINGS **0002'],
      ['Amount', '$25.00'],
      ['Date', '03/05/2026'],
      // The spec's id, and for a Student what the number is for (issue 33).
      [
        'Transaction Id',
        `41 (money out of CHECKING **0001), 42 (money into SAVINGS **0002)${uiText.receiptHint}`,
      ],
      ['New balance', 'CHECKING **0001: $475.00, SAVINGS **0002: $1,275.50'],
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      fromAccountId: checking.accountId,
      toAccountId: savings.accountId,
      amount: 25,
    });
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(screen.getByRole('button', { name: 'Make Another Transfer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/transfer'));
    expect(await screen.findByLabelText('From Account')).toHaveValue('fromBlank');
  });

  it('shows the failure in red with the server message; a retry after an answer is a new submission', async () => {
    const calls = captureTransfers(() =>
      HttpResponse.json({ error: 'CONFLICT', message: messages.insufficientFunds }, { status: 409 }),
    );
    const { user } = renderApp('/1/transfer', student);
    await fillTransfer(user, checking.accountId, savings.accountId, '25');
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    await user.click(screen.getByRole('button', { name: 'Submit Transfer' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.transferFailed);
    expect(alert).toHaveTextContent(messages.insufficientFunds);
    expect(alert).toHaveTextContent(studentText.flowFailedHelp);
    expect(alert).toHaveAttribute('data-status', 'failure');

    await user.click(screen.getByRole('button', { name: 'Submit Transfer' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.key).not.toBe(calls[0]!.key);

    // Going back to the entry form clears the status text.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByText(messages.transferFailed)).not.toBeInTheDocument();
    expect(screen.getByLabelText('From Account')).toHaveValue(checking.accountId);
  });

  it('retries with the same Idempotency-Key when no answer came back', async () => {
    let first = true;
    const calls = captureTransfers(() => {
      if (first) {
        first = false;
        return HttpResponse.error();
      }
      return HttpResponse.json(transferResult, { status: 201 });
    });
    const { user } = renderApp('/1/transfer', student);
    await fillTransfer(user, checking.accountId, savings.accountId, '25');
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    await user.click(screen.getByRole('button', { name: 'Submit Transfer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.transferFailed);
    await user.click(screen.getByRole('button', { name: 'Submit Transfer' }));
    expect(await screen.findByText(messages.transferSucceeded)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.key).toBe(calls[0]!.key);
  });

  it('keeps the Idempotency-Key of an unanswered submission across a reload', async () => {
    let answer = false;
    const calls = captureTransfers(() =>
      answer ? HttpResponse.json(transferResult, { status: 201 }) : HttpResponse.error(),
    );
    const first = renderApp('/1/transfer', student);
    await fillTransfer(first.user, checking.accountId, savings.accountId, '25');
    await first.user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    await first.user.click(screen.getByRole('button', { name: 'Submit Transfer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.transferFailed);
    // A reload: the page and its memory are gone, the tab's sessionStorage stays.
    first.unmount();

    answer = true;
    const second = renderApp('/1/transfer', student);
    await fillTransfer(second.user, checking.accountId, savings.accountId, '25');
    await second.user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    await second.user.click(screen.getByRole('button', { name: 'Submit Transfer' }));
    expect(await screen.findByText(messages.transferSucceeded)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.key).toBe(calls[0]!.key);

    // Once answered, the next transfer is a new request with a new key.
    await second.user.click(screen.getByRole('button', { name: 'Make Another Transfer' }));
    await fillTransfer(second.user, checking.accountId, savings.accountId, '25');
    await second.user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    await second.user.click(screen.getByRole('button', { name: 'Submit Transfer' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.key).not.toBe(calls[0]!.key);
  });

  it('redirects a confirmation page without a transfer back to the form', async () => {
    const { router } = renderApp('/1/transfer/confirmation', student);
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/transfer'));
  });

  it('lets staff choose a branch first, which filters both account pickers', async () => {
    const { user } = renderApp('/1/transfer', admin);
    expect(await screen.findByLabelText('From Account')).toBeDisabled();
    // The Student's own introduction is not the staff's (their transfers are anyone's accounts).
    expect(screen.queryByText(studentText.transferIntro)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review Transfer' }));
    expect(fieldError('Branch')).toBe(messages.branchRequired);
    await user.selectOptions(screen.getByLabelText('Branch'), 'Main Campus');
    expect(screen.getByLabelText('From Account')).toBeEnabled();
    expect(optionLabels('To Account')).toEqual([
      'Select an account',
      '1000000001 · CHECKING · student · $500.00',
      '1000000002 · SAVINGS · student · $1,250.50',
    ]);
    await user.selectOptions(screen.getByLabelText('Branch'), 'North Campus');
    expect(optionLabels('From Account')).toEqual([
      'Select an account',
      '2000000003 · CHECKING · nora · $75.00',
    ]);
  });

  it('rewrites another bank number in the address to the own bank', async () => {
    const { router } = renderApp('/7/transfer', student);
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/transfer'));
  });
});
