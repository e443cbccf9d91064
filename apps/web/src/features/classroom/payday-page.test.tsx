import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { classroomText as t, type BatchBody } from '@bank/shared';
import { admin, bankSettings, checking, savings, teller, transaction } from '../../test/fixtures';
import { tableRows } from '../../test/helpers';
import { gate } from '../../test/gate';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

function previewOf(body: BatchBody, refuse?: string) {
  const accounts = { [checking.accountId]: checking, [savings.accountId]: savings };
  const items = body.items.map((item) => {
    const account = accounts[item.accountId]!;
    const amount = Number(item.amount);
    return {
      accountId: item.accountId,
      username: 'student',
      name: 'Sam Student',
      accountType: account.accountType,
      balance: account.balance,
      newBalance: account.balance + amount,
      error: item.accountId === refuse ? 'Insufficient funds' : null,
      reason: null,
    };
  });
  const total = body.items.reduce((sum, i) => sum + Number(i.amount), 0);
  return { ok: !refuse, count: items.length, total, items };
}

function capture(refuse?: string) {
  const previews: BatchBody[] = [];
  const paydays: { body: BatchBody; key: string | null }[] = [];
  const payday = gate();
  server.use(
    http.post('*/api/teller/batches/preview', async ({ request }) => {
      const body = (await request.json()) as BatchBody;
      previews.push(body);
      return HttpResponse.json(previewOf(body, refuse));
    }),
    http.post('*/api/teller/batches', async ({ request }) => {
      const body = (await request.json()) as BatchBody;
      paydays.push({ body, key: request.headers.get('Idempotency-Key') });
      await payday.wait();
      const transactions = body.items.map((item, i) =>
        transaction({
          id: 90 + i,
          accountId: item.accountId,
          amount: Number(item.amount),
          memo: body.memo ?? null,
        }),
      );
      return HttpResponse.json(
        {
          batchId: 'b-1',
          kind: body.kind,
          memo: body.memo ?? null,
          count: transactions.length,
          total: 10,
          transactions,
        },
        { status: 201 },
      );
    }),
  );
  return { previews, paydays, payday };
}

describe('Payday', () => {
  it('pays the ticked rows one amount with a memo: review, then one submission with a key', async () => {
    const { previews, paydays, payday } = capture();
    const { user } = renderApp('/1/payday', admin);
    await user.selectOptions(await screen.findByLabelText('Branch'), 'Main Campus');
    // Each student's checking is ticked; their savings is not (paying both would pay twice).
    expect(
      await screen.findByRole('checkbox', { name: t.includeRow('Sam Student', 'CHECKING **0001') }),
    ).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: t.includeRow('Sam Student', 'SAVINGS **0002') }),
    ).not.toBeChecked();
    await user.type(screen.getByRole('textbox', { name: t.amountForEveryone }), '10');
    await user.type(screen.getByLabelText('Memo'), 'Class job: librarian');
    await user.click(screen.getByRole('button', { name: t.reviewPayday }));
    expect(await screen.findByTestId('payday-summary')).toBeInTheDocument();
    expect(previews).toEqual([
      {
        kind: 'deposit',
        memo: 'Class job: librarian',
        items: [{ accountId: checking.accountId, amount: 10 }],
      },
    ]);
    expect(tableRows('payday-summary')).toEqual([
      ['Branch', 'Main Campus'],
      ['Kind', 'Deposit'],
      ['Count', '1 account'],
      ['Total', '$10.00'],
      ['Memo', 'Class job: librarian'],
    ]);
    await user.dblClick(screen.getByRole('button', { name: t.submitPayday }));
    expect(await screen.findByRole('button', { name: t.processingPayday })).toBeDisabled();
    payday.open();
    expect(await screen.findByText(t.paydaySucceeded)).toBeInTheDocument();
    expect(paydays).toHaveLength(1);
    expect(paydays[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(tableRows('payday-result')).toContainEqual(['Memo', 'Class job: librarian']);
    expect(screen.getByRole('button', { name: t.downloadCsv })).toBeInTheDocument();
  });

  it('takes an amount per row, Tab moving down the amount column', async () => {
    const { previews } = capture();
    const { user } = renderApp('/1/payday', admin);
    await user.selectOptions(await screen.findByLabelText('Branch'), 'Main Campus');
    await user.click(
      await screen.findByRole('checkbox', { name: t.includeRow('Sam Student', 'SAVINGS **0002') }),
    );
    await user.click(screen.getByRole('switch', { name: new RegExp(t.sameAmountLabel) }));
    const first = screen.getByRole('textbox', { name: t.amountForRow('Sam Student', 'CHECKING **0001') });
    const second = screen.getByRole('textbox', { name: t.amountForRow('Sam Student', 'SAVINGS **0002') });
    await user.click(first);
    await user.keyboard('3{Tab}');
    expect(second).toHaveFocus();
    await user.keyboard('4.5');
    await user.click(screen.getByRole('button', { name: t.reviewPayday }));
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(previews[0]!.items).toEqual([
      { accountId: checking.accountId, amount: 3 },
      { accountId: savings.accountId, amount: 4.5 },
    ]);
  });

  it('explains refused rows and offers no Submit', async () => {
    capture(checking.accountId);
    const { user } = renderApp('/1/payday', admin);
    await user.selectOptions(await screen.findByLabelText('Branch'), 'Main Campus');
    await user.click(await screen.findByRole('radio', { name: t.paydayWithdrawal }));
    await user.type(screen.getByRole('textbox', { name: t.amountForEveryone }), '900');
    await user.click(screen.getByRole('button', { name: t.reviewPayday }));
    expect(await screen.findByText(t.paydayRefused)).toBeInTheDocument();
    const row = screen.getAllByTestId('review-row')[0]!;
    expect(within(row).getByText('Insufficient funds')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.submitPayday })).not.toBeInTheDocument();
  });

  it('refuses a bad amount before asking the server', async () => {
    const { previews } = capture();
    const { user } = renderApp('/1/payday', admin);
    await user.selectOptions(await screen.findByLabelText('Branch'), 'Main Campus');
    await screen.findByRole('checkbox', { name: t.includeRow('Sam Student', 'CHECKING **0001') });
    await user.type(screen.getByRole('textbox', { name: t.amountForEveryone }), 'abc');
    await user.click(screen.getByRole('button', { name: t.reviewPayday }));
    expect(await screen.findByText('Please enter a valid amount')).toBeInTheDocument();
    expect(previews).toHaveLength(0);
  });

  it('offers a teller only the kinds the bank allows, and nothing when it allows neither', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, tellerWithdrawalPermission: false }),
      ),
    );
    const first = renderApp('/1/payday', teller);
    expect(await screen.findByRole('radio', { name: t.paydayDeposit })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: t.paydayWithdrawal })).not.toBeInTheDocument();
    first.unmount();
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({
          ...bankSettings,
          tellerWithdrawalPermission: false,
          tellerDepositPermission: false,
        }),
      ),
    );
    renderApp('/1/payday', teller);
    expect(await screen.findByText(t.paydayNotAllowed)).toBeInTheDocument();
  });
});
