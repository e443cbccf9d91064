import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { classroomText as t, type Account, type BatchBody, type Student } from '@bank/shared';
import { admin, bankSettings, checking, savings, teller, transaction } from '../../test/fixtures';
import { tableRows } from '../../test/helpers';
import { gate } from '../../test/gate';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const account = (accountId: string, accountType: Account['accountType'], username: string): Account => ({
  ...checking,
  id: accountId,
  accountId,
  accountType,
  username,
  balance: 20,
});
const annSavings = account('3000000004', 'SAVINGS', 'ann');
const boChecking = account('3000000005', 'CHECKING', 'bo');
const accounts = [checking, savings, annSavings, boChecking];

const pupil = (userId: string, name: string, owned: Account[]): Student => ({
  userId,
  username: userId,
  name,
  displayName: null,
  branchId: 1,
  banker: false,
  accounts: owned,
});
/**
 * A class of four: Ann has only savings, Bo only checking, Cy no open account; Sam has both, his
 * savings first as the server may give them.
 */
const room = [
  pupil('ann', 'Ann Archer', [annSavings]),
  pupil('bo', 'Bo Baker', [boChecking]),
  pupil('cy', 'Cy Cole', []),
  pupil('student', 'Sam Student', [savings, checking]),
];

function previewOf(body: BatchBody, refuse?: string) {
  const items = body.items.map((item) => {
    const found = accounts.find((a) => a.accountId === item.accountId)!;
    const owner = room.find((s) => s.userId === found.username)!;
    const amount = Number(item.amount);
    return {
      accountId: item.accountId,
      username: owner.username,
      name: owner.name,
      accountType: found.accountType,
      balance: found.balance,
      newBalance: found.balance + amount,
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
    http.get('*/api/teller/students/:bankId', () => HttpResponse.json(room)),
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
      const total = body.items.reduce((sum, i) => sum + Number(i.amount), 0);
      return HttpResponse.json(
        {
          batchId: 'b-1',
          kind: body.kind,
          memo: body.memo ?? null,
          count: transactions.length,
          total,
          transactions,
        },
        { status: 201 },
      );
    }),
  );
  return { previews, paydays, payday };
}

/** The payday page as admin with the class of four listed. */
async function openClass() {
  const view = renderApp('/1/payday', admin);
  await view.user.selectOptions(await screen.findByLabelText('Branch'), 'Main Campus');
  await screen.findByRole('checkbox', { name: t.includeStudent('Sam Student') });
  return view;
}

const box = (name: string) => screen.getByRole('checkbox', { name: t.includeStudent(name) });
const everyone = () => screen.getByRole('checkbox', { name: t.includeEveryone });
const bar = () => screen.getByRole('region', { name: t.paydaySummaryLabel });
const rowAmount = (name: string) => screen.getByRole('textbox', { name: t.amountForStudent(name) });
const samAccount = () => screen.getByRole('combobox', { name: t.accountForStudent('Sam Student') });

describe('Payday', () => {
  it('lists one row per student, into checking by default, and names the students who cannot be paid', async () => {
    capture();
    await openClass();
    const rows = screen.getAllByTestId('payday-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Ann Archer',
      'Bo Baker',
      'Sam Student',
    ]);
    for (const name of ['Ann Archer', 'Bo Baker', 'Sam Student']) expect(box(name)).toBeChecked();
    // Sam's accounts: checking first though the server sent savings first, and chosen.
    expect(
      within(samAccount())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['CHECKING **0001', 'SAVINGS **0002']);
    expect(samAccount()).toHaveValue(checking.accountId);
    expect(within(rows[0]!).getByText('SAVINGS **0004')).toBeInTheDocument();
    expect(screen.getByTestId('payday-unpayable')).toHaveTextContent(`${t.notPayable(1)} Cy Cole`);
    expect(within(bar()).getByTestId('payday-ticked')).toHaveTextContent('3 of 3 students');
  });

  it('lists a whole class of 30, asking for the branch without a page limit', async () => {
    const asked: URL[] = [];
    const kid = (i: number) => `kid${String(i).padStart(2, '0')}`;
    const thirty = Array.from({ length: 30 }, (_, i) =>
      pupil(kid(i), `Kid ${i + 1}`, [account(`30000001${String(i).padStart(2, '0')}`, 'CHECKING', kid(i))]),
    );
    server.use(
      http.get('*/api/teller/students/:bankId', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json(thirty);
      }),
    );
    const { user } = renderApp('/1/payday', admin);
    await user.selectOptions(await screen.findByLabelText('Branch'), 'Main Campus');
    expect(await screen.findAllByTestId('payday-row')).toHaveLength(30);
    // The server pages only when asked to (API.md "Long lists"): no limit, so the whole branch.
    expect(asked.map((url) => Object.fromEntries(url.searchParams))).toEqual([{ branchId: '1' }]);
    expect(within(bar()).getByTestId('payday-ticked')).toHaveTextContent('30 of 30 students');
    const table = screen.getByRole('table', { name: t.paydayStudentsLabel });
    expect(table.compareDocumentPosition(bar()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('pays the ticked students one amount with a memo: review at its top, then one submission with a key', async () => {
    const { previews, paydays, payday } = capture();
    const { user } = await openClass();
    await user.type(screen.getByRole('textbox', { name: t.amountForEveryone }), '10');
    await user.type(screen.getByLabelText('Memo'), 'Class job: librarian');
    expect(bar()).toHaveTextContent('Memo: Class job: librarian');
    await user.click(within(bar()).getByRole('button', { name: t.reviewPayday }));
    const heading = await screen.findByRole('heading', { name: t.reviewHeading });
    expect(heading).toHaveFocus();
    expect(previews).toEqual([
      {
        kind: 'deposit',
        memo: 'Class job: librarian',
        items: [
          { accountId: annSavings.accountId, amount: 10 },
          { accountId: boChecking.accountId, amount: 10 },
          { accountId: checking.accountId, amount: 10 },
        ],
      },
    ]);
    expect(tableRows('payday-summary')).toEqual([
      ['Branch', 'Main Campus'],
      ['Kind', 'Deposit'],
      ['Count', '3 students'],
      ['Total', '$30.00'],
      ['Memo', 'Class job: librarian'],
    ]);
    // The heading, then the summary, then the rows.
    const summary = screen.getByTestId('payday-summary');
    const table = screen.getByRole('table', { name: 'Payday review' });
    expect(heading.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(summary.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.dblClick(screen.getByRole('button', { name: t.submitPayday }));
    expect(await screen.findByRole('button', { name: t.processingPayday })).toBeDisabled();
    payday.open();
    expect(await screen.findByText(t.paydaySucceeded)).toBeInTheDocument();
    expect(paydays).toHaveLength(1);
    expect(paydays[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(tableRows('payday-result')).toContainEqual(['Memo', 'Class job: librarian']);
    expect(screen.getByRole('button', { name: t.downloadCsv })).toBeInTheDocument();
  });

  it('switches one row to savings, then every row, a student without savings keeping checking', async () => {
    const { previews } = capture();
    const { user } = await openClass();
    await user.type(screen.getByRole('textbox', { name: t.amountForEveryone }), '5');
    await user.selectOptions(samAccount(), 'SAVINGS **0002');
    expect(samAccount()).toHaveValue(savings.accountId);
    // Savings for everyone: Bo keeps his checking, and the screen says so.
    await user.click(screen.getByRole('radio', { name: 'Savings' }));
    expect(screen.getByTestId('payday-lacking')).toHaveTextContent(
      t.lackingType(['Bo Baker'], 'savings', 'checking'),
    );
    // Checking for everyone: Sam's own choice gives way to it; Ann keeps her savings.
    await user.click(screen.getByRole('radio', { name: 'Checking' }));
    expect(samAccount()).toHaveValue(checking.accountId);
    expect(screen.getByTestId('payday-lacking')).toHaveTextContent(
      t.lackingType(['Ann Archer'], 'checking', 'savings'),
    );
    await user.click(screen.getByRole('radio', { name: 'Savings' }));
    await user.click(within(bar()).getByRole('button', { name: t.reviewPayday }));
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(previews[0]!.items.map((i) => i.accountId)).toEqual([
      annSavings.accountId,
      boChecking.accountId,
      savings.accountId,
    ]);
  });

  it('ticks everyone or no one from the header box, the summary counting and adding up', async () => {
    const { previews } = capture();
    const { user } = await openClass();
    await user.type(screen.getByRole('textbox', { name: t.amountForEveryone }), '10');
    expect(bar()).toHaveTextContent('3 of 3 students · Total $30.00');
    expect(everyone()).toBeChecked();
    await user.click(box('Bo Baker'));
    expect(everyone()).toBePartiallyChecked();
    expect(bar()).toHaveTextContent('2 of 3 students · Total $20.00');
    await user.click(everyone());
    expect(everyone()).toBeChecked();
    expect(box('Bo Baker')).toBeChecked();
    await user.click(everyone());
    expect(everyone()).not.toBeChecked();
    expect(everyone()).not.toBePartiallyChecked();
    expect(box('Sam Student')).not.toBeChecked();
    expect(bar()).toHaveTextContent('0 of 3 students · Total $0.00');
    await user.click(within(bar()).getByRole('button', { name: t.reviewPayday }));
    expect(await within(bar()).findByRole('alert')).toHaveTextContent(
      'Add at least one account to the payday.',
    );
    expect(previews).toHaveLength(0);
    // The keyboard: Space on the header box ticks everyone again.
    everyone().focus();
    await user.keyboard(' ');
    expect(bar()).toHaveTextContent('3 of 3 students · Total $30.00');
  });

  it('starts each row’s amount from the amount for everyone and keeps what was typed, Tab moving down', async () => {
    const { previews } = capture();
    const { user } = await openClass();
    await user.type(screen.getByRole('textbox', { name: t.amountForEveryone }), '10');
    const sameAmount = screen.getByRole('switch', { name: new RegExp(t.sameAmountLabel) });
    await user.click(sameAmount);
    expect(['Ann Archer', 'Bo Baker', 'Sam Student'].map((n) => rowAmount(n).getAttribute('value'))).toEqual([
      '10',
      '10',
      '10',
    ]);
    await user.click(rowAmount('Bo Baker'));
    await user.keyboard('7{Tab}');
    expect(rowAmount('Sam Student')).toHaveFocus();
    expect(bar()).toHaveTextContent('Total $27.00');
    // On and off again: Bo keeps his 7; the others follow the amount for everyone.
    await user.click(sameAmount);
    const forEveryone = screen.getByRole('textbox', { name: t.amountForEveryone });
    expect(forEveryone).toHaveValue('10');
    await user.clear(forEveryone);
    await user.type(forEveryone, '12');
    await user.click(sameAmount);
    expect(rowAmount('Bo Baker')).toHaveValue('7');
    expect(rowAmount('Ann Archer')).toHaveValue('12');
    await user.click(within(bar()).getByRole('button', { name: t.reviewPayday }));
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(previews[0]!.items.map((i) => i.amount)).toEqual([12, 7, 12]);
  });

  it('comes Back from the review to the entry as it was, focus on Review', async () => {
    capture();
    const { user } = await openClass();
    await user.click(screen.getByRole('radio', { name: t.paydayWithdrawal }));
    await user.type(screen.getByRole('textbox', { name: t.amountForEveryone }), '2.5');
    await user.type(screen.getByLabelText('Memo'), 'Rent');
    await user.click(box('Ann Archer'));
    await user.selectOptions(samAccount(), 'SAVINGS **0002');
    await user.click(within(bar()).getByRole('button', { name: t.reviewPayday }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    const review = await within(bar()).findByRole('button', { name: t.reviewPayday });
    expect(review).toHaveFocus();
    expect(screen.getByRole('radio', { name: t.paydayWithdrawal })).toBeChecked();
    expect(screen.getByRole('textbox', { name: t.amountForEveryone })).toHaveValue('2.5');
    expect(screen.getByLabelText('Memo')).toHaveValue('Rent');
    expect(box('Ann Archer')).not.toBeChecked();
    expect(samAccount()).toHaveValue(savings.accountId);
    expect(bar()).toHaveTextContent('2 of 3 students · Total $5.00');
  });

  it('explains refused rows and offers no Submit', async () => {
    capture(checking.accountId);
    const { user } = await openClass();
    await user.click(screen.getByRole('radio', { name: t.paydayWithdrawal }));
    await user.type(screen.getByRole('textbox', { name: t.amountForEveryone }), '900');
    await user.click(within(bar()).getByRole('button', { name: t.reviewPayday }));
    expect(await screen.findByText(t.paydayRefused)).toBeInTheDocument();
    const row = screen.getAllByTestId('review-row')[2]!;
    expect(within(row).getByText('Insufficient funds')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.submitPayday })).not.toBeInTheDocument();
  });

  it('refuses a bad amount before asking the server, focus on the amount', async () => {
    const { previews } = capture();
    const { user } = await openClass();
    const amount = screen.getByRole('textbox', { name: t.amountForEveryone });
    await user.type(amount, 'abc');
    expect(bar()).toHaveTextContent('Total —');
    await user.click(within(bar()).getByRole('button', { name: t.reviewPayday }));
    expect(await screen.findByText('Please enter a valid amount')).toBeInTheDocument();
    await waitFor(() => expect(amount).toHaveFocus());
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
