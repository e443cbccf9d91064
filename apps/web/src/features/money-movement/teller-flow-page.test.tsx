import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadingMessages, messages } from '@bank/shared';
import { uiText } from '../../lib/ui-text';
import { admin, bankSettings, checking, student, teller, transaction } from '../../test/fixtures';
import { fieldError, pickOption, selectOptionLabels, tableRows } from '../../test/helpers';
import { gate } from '../../test/gate';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const cases = [
  {
    flow: 'deposit',
    path: '/1/deposit',
    endpoint: '*/api/teller/deposits',
    accountLabel: 'Deposit Account',
    accountMissing: messages.depositAccountMissing,
    notNumber: messages.depositAmountNotNumber,
    notPositive: messages.depositAmountNotPositive,
    processing: messages.processingDeposit,
    succeeded: messages.depositSucceeded,
    failed: messages.depositFailed,
    review: 'Review Deposit',
    submit: 'Submit Deposit',
    type: 'credit' as const,
    permission: 'tellerDepositPermission' as const,
  },
  {
    flow: 'withdrawal',
    path: '/1/withdrawal',
    endpoint: '*/api/teller/withdrawals',
    accountLabel: 'Withdrawal Account',
    accountMissing: messages.withdrawalAccountMissing,
    notNumber: messages.withdrawalAmountNotNumber,
    notPositive: messages.withdrawalAmountNotPositive,
    processing: messages.processingWithdrawal,
    succeeded: messages.withdrawalSucceeded,
    failed: messages.withdrawalFailed,
    review: 'Review Withdrawal',
    submit: 'Submit Withdrawal',
    type: 'debit' as const,
    permission: 'tellerWithdrawalPermission' as const,
  },
];

describe.each(cases)('$flow', (c) => {
  async function chooseAccount(user: ReturnType<typeof renderApp>['user']) {
    await user.selectOptions(await screen.findByLabelText('Branch'), 'Main Campus');
    await pickOption(user, c.accountLabel, 'sam', 'Sam Student · CHECKING **0001 · $500.00');
  }

  it('starts blank with amount 0 and requires an account', async () => {
    const { user } = renderApp(c.path, teller);
    expect(await screen.findByLabelText('Branch')).toHaveValue('blank');
    expect(screen.getByLabelText(c.accountLabel, { selector: 'input' })).toHaveValue('');
    expect(screen.getByLabelText(c.accountLabel, { selector: 'input' })).toBeDisabled();
    expect(screen.getByLabelText('Amount')).toHaveValue('0');
    await user.selectOptions(screen.getByLabelText('Branch'), 'Main Campus');
    await user.click(screen.getByRole('button', { name: c.review }));
    expect(fieldError(c.accountLabel)).toBe(c.accountMissing);
    expect(fieldError('Amount')).toBe(c.notPositive);
  });

  it.each([
    ['abc', 'notNumber'],
    ['', 'notNumber'],
    ['0', 'notPositive'],
    ['-3', 'notPositive'],
  ] as const)('refuses the amount "%s"', async (amount, which) => {
    const { user } = renderApp(c.path, teller);
    await chooseAccount(user);
    await user.clear(screen.getByLabelText('Amount'));
    if (amount) await user.type(screen.getByLabelText('Amount'), amount);
    await user.click(screen.getByRole('button', { name: c.review }));
    expect(fieldError('Amount')).toBe(c[which]);
  });

  it("filters the accounts by the chosen branch and names each by the student's name", async () => {
    const { user } = renderApp(c.path, teller);
    await user.selectOptions(await screen.findByLabelText('Branch'), 'North Campus');
    await waitFor(async () =>
      expect(await selectOptionLabels(user, c.accountLabel)).toEqual([
        'Nora North · CHECKING **0003 · $75.00',
      ]),
    );
    await user.selectOptions(screen.getByLabelText('Branch'), 'Main Campus');
    expect(await selectOptionLabels(user, c.accountLabel)).toEqual([
      'Sam Student · CHECKING **0001 · $500.00',
      'Sam Student · SAVINGS **0002 · $1,250.50',
    ]);
  });

  it('finds an account by part of the name or number, and keeps the branch for the next one', async () => {
    server.use(
      http.post(c.endpoint, () =>
        HttpResponse.json(transaction({ id: 78, type: c.type, status: 'pending' }), { status: 201 }),
      ),
    );
    const { user } = renderApp(c.path, teller);
    await user.selectOptions(await screen.findByLabelText('Branch'), 'Main Campus');
    await pickOption(user, c.accountLabel, '0002', /SAVINGS \*\*0002/);
    await user.type(screen.getByLabelText('Amount'), '3');
    await user.type(screen.getByLabelText('Memo'), 'Class job: librarian');
    await user.click(screen.getByRole('button', { name: c.review }));
    expect(tableRows('confirm-summary')).toContainEqual(['Memo', 'Class job: librarian']);
    await user.click(screen.getByRole('button', { name: c.submit }));
    await user.click(
      await screen.findByRole('button', {
        name: `Make Another ${c.flow === 'deposit' ? 'Deposit' : 'Withdrawal'}`,
      }),
    );
    expect(await screen.findByLabelText('Branch')).toHaveValue('1');
    expect(screen.getByLabelText(c.accountLabel, { selector: 'input' })).toBeEnabled();
  });

  it('opens with the branch and account another screen chose (router state)', async () => {
    const { router } = renderApp('/home', teller);
    await router.navigate(c.path, { state: { branchId: '2', accountId: '2000000003' } });
    expect(await screen.findByLabelText(c.accountLabel, { selector: 'input' })).toHaveValue(
      'Nora North · CHECKING **0003 · $75.00',
    );
    expect(screen.getByLabelText('Branch')).toHaveValue('2');
  });

  it('submits once with an Idempotency-Key and shows the confirmation page', async () => {
    const calls: { body: unknown; key: string | null }[] = [];
    const held = gate();
    server.use(
      http.post(c.endpoint, async ({ request }) => {
        calls.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        await held.wait();
        return HttpResponse.json(
          Object.assign(
            transaction({
              id: 77,
              type: c.type,
              amount: 12.5,
              status: 'pending',
              postedDate: null,
              accountBalance: null,
              transactionDate: '2026-04-10T09:00:00.000Z',
            }),
            { memo: 'Class job: librarian' },
          ),
          { status: 201 },
        );
      }),
    );
    const { user, router } = renderApp(c.path, teller);
    await chooseAccount(user);
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '12.50');
    await user.type(screen.getByLabelText('Memo'), ' Class job: librarian ');
    await user.click(screen.getByRole('button', { name: c.review }));
    expect(tableRows('confirm-summary')).toEqual([
      ['Branch', 'Main Campus'],
      ['Account', '1000000001 · CHECKING · student'],
      ['Amount', '$12.50'],
      ['Memo', 'Class job: librarian'],
    ]);
    await user.dblClick(screen.getByRole('button', { name: c.submit }));
    expect(await screen.findByRole('button', { name: c.processing })).toBeDisabled();
    held.open();
    await waitFor(() => expect(router.state.location.pathname).toBe(`${c.path}/confirmation`));
    expect(await screen.findByText(c.succeeded)).toBeInTheDocument();
    expect(tableRows('confirmation-details')).toEqual([
      ['Account', '1000000001 · CHECKING · student'],
      ['Amount', '$12.50'],
      ['Date', '04/10/2026'],
      ['Transaction Id', '77'],
      // Balance 500 before.
      ['New balance', c.path.endsWith('deposit') ? '$512.50' : '$487.50'],
      ['Memo', 'Class job: librarian'],
    ]);
    expect(calls).toEqual([
      {
        body: { accountId: checking.accountId, amount: 12.5, memo: 'Class job: librarian' },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('shows the failure in red with the server message, cleared when the account changes', async () => {
    server.use(
      http.post(c.endpoint, () =>
        HttpResponse.json({ error: 'FORBIDDEN', message: messages.tellerPermissionMissing }, { status: 403 }),
      ),
    );
    const { user } = renderApp(c.path, admin);
    await chooseAccount(user);
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.click(screen.getByRole('button', { name: c.review }));
    await user.click(screen.getByRole('button', { name: c.submit }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(c.failed);
    expect(alert).toHaveTextContent(messages.tellerPermissionMissing);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByText(c.failed)).not.toBeInTheDocument();
  });

  it('tells a teller when the bank does not allow it', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, [c.permission]: false }),
      ),
    );
    renderApp(c.path, teller);
    expect(await screen.findByText(uiText.tellerNotAllowed)).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount')).not.toBeInTheDocument();
  });

  it('shows settings that failed to load as one error with Retry, not as a refusal', async () => {
    let down = true;
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        down
          ? HttpResponse.json({ error: 'FORBIDDEN', message: messages.forbidden }, { status: 403 })
          : HttpResponse.json(bankSettings),
      ),
    );
    const { user } = renderApp(c.path, teller);
    const main = await screen.findByRole('main');
    const alert = await within(main).findByRole('alert');
    expect(alert).toHaveTextContent(loadingMessages.couldNotLoad(loadingMessages.settingsWhat));
    expect(screen.queryByText(uiText.tellerNotAllowed)).not.toBeInTheDocument();
    down = false;
    await user.click(within(alert).getByRole('button', { name: uiText.retry }));
    expect(await screen.findByLabelText('Amount')).toBeInTheDocument();
  });

  it('is not for Students', async () => {
    const { router } = renderApp(c.path, student);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
