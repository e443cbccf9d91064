/**
 * Every CHECK of the schema has the same rule in the domain, checked first (issue 31): a request
 * that would break one gets a clear 400 or 409 with its message, never the database's refusal as a
 * 500. The walk reads the constraints from the database itself (pg_constraint), so a new CHECK
 * without an entry here fails, and each limit the entry names must be the one the CHECK states.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ACCOUNT_TYPES,
  AMOUNT_FROM,
  AUCTION_STATUSES,
  auctionLimits,
  BID_STATUSES,
  NOTIFICATION_KINDS,
  AUDIT_ACTIONS,
  BATCH_KINDS,
  economyLimits,
  limits,
  ORDER_STATUSES,
  REQUEST_STATUSES,
  ROLES,
  SCHEDULE_EVERY,
  SHORTFALL_RULES,
  TICKET_SEVERITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
  TRANSACTION_TYPES,
} from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { call, useTestApp } from './harness.js';
import { insertAccount, insertStudentSavings, seedBank, setBank, type SeededBank } from './fixtures.js';

/**
 * What comes before each CHECK. `limit`: the named constant the domain checks, which the CHECK's
 * definition must state; `values`: the contract's list an enum CHECK is built from; `rule`: where
 * the domain refuses it first, or why no request can reach it (the server writes those values
 * itself, and the CHECK only guards its own code).
 */
type Guard = { rule: string; limit?: number; values?: readonly string[] };

const memo: Guard = {
  rule: 'memo (schemas/transactions.ts): 1 to memoMaxLength characters, stored',
  limit: limits.memoMaxLength,
};

const guards: Record<string, Guard> = {
  banks_name_not_blank: { rule: 'bankName: the text rule, required (blank is a 400)' },
  banks_banker_limit_not_negative: { rule: 'limitInCents: 0 or more (400)' },
  banks_savings_rate_range: {
    rule: 'savingsRateInHundredths: 0 to savingsRateMaxPercent (400)',
    limit: limits.savingsRateMaxPercent * 100,
  },
  branches_name_trimmed: { rule: 'branchName: the text rule trims; branch-name.ts refuses blank (400)' },
  users_username_format: { rule: 'username: USERNAME_PATTERN (400)' },
  users_role_valid: { rule: 'userRole: the ROLES enum (400)', values: ROLES },
  users_student_has_branch: { rule: 'users/branch-rule.ts: a Student needs a branch (400)' },
  users_banker_is_student: { rule: 'users/update-user.ts: only a Student may be a banker (400)' },
  accounts_number_format: { rule: 'none reaches it: accounts/account-number.ts makes every number' },
  accounts_type_valid: { rule: 'accountType: the ACCOUNT_TYPES enum (400)', values: ACCOUNT_TYPES },
  accounts_balance_not_negative: { rule: 'ledger leavesBalanceNegative: Insufficient funds (409)' },
  accounts_balance_covers_holds: {
    rule: 'ledger leavesBalanceNegative on available; holds only what is covered (409)',
  },
  batches_kind_valid: { rule: 'kind: the BATCH_KINDS enum (400)', values: BATCH_KINDS },
  batches_memo_length: memo,
  batches_count_range: {
    rule: 'payday items: 1 to batchMaxItems (400); a schedule run of a larger branch pays several paydays',
    limit: limits.batchMaxItems,
  },
  batches_total_positive: { rule: 'every item a positive amount; a run that pays nothing writes no batch' },
  transactions_amount_positive: { rule: 'amountInCents: more than 0 (400); a partial run skips 0.00' },
  transactions_reversal_final: { rule: 'reverse-transaction.ts: a reversal or one reversed is a 409' },
  transactions_type_valid: { rule: 'type: the TRANSACTION_TYPES enum (400)', values: TRANSACTION_TYPES },
  transactions_memo_length: memo,
  transactions_posted_consistent: {
    rule: 'none reaches it: posting writes status, date, balance and order together',
  },
  audit_log_action_valid: { rule: 'none reaches it: the server names its actions', values: AUDIT_ACTIONS },
  audit_log_record_complete: { rule: 'none reaches it: record-audit.ts writes every record whole' },
  schedules_name_length: {
    rule: 'schedule name (schemas/schedules.ts): 1 to scheduleNameMaxLength characters, stored',
    limit: limits.scheduleNameMaxLength,
  },
  schedules_kind_valid: { rule: 'kind: the BATCH_KINDS enum (400)', values: BATCH_KINDS },
  schedules_amount_positive: { rule: 'amountInCents: more than 0 (400)' },
  schedules_memo_length: memo,
  schedules_every_valid: { rule: 'every: the SCHEDULE_EVERY enum (400)', values: SCHEDULE_EVERY },
  schedules_account_type_valid: { rule: 'accountType: the ACCOUNT_TYPES enum (400)', values: ACCOUNT_TYPES },
  schedules_shortfall_valid: { rule: 'shortfall: the SHORTFALL_RULES enum (400)', values: SHORTFALL_RULES },
  schedules_one_target: { rule: 'target: a branch or accounts, exactly one (400)' },
  schedules_next_run_when_active: {
    rule: 'none reaches it: the schedule code sets the next run with active',
  },
  schedules_next_index_not_negative: { rule: 'none reaches it: occurrences count up from 0' },
  schedule_runs_totals: { rule: 'none reaches it: a run adds up what it paid' },
  schedule_runs_paydays: {
    rule: 'a run pays at most scheduleRunMaxPayments, batchMaxItems a payday: refused at create, preview, Run now (409)',
    limit: limits.scheduleRunMaxPayments / limits.batchMaxItems,
  },
  schedule_runs_listed: {
    rule: 'none reaches it: run-schedule.ts lists at most scheduleRunListedMax left out, counting them all',
    limit: limits.scheduleRunListedMax,
  },
  schedules_stopped_with_reason: {
    rule: 'none reaches it: the job stops a schedule with its reason and time',
  },
  job_failures_job_length: { rule: 'none reaches it: the server names its jobs' },
  job_failures_item_length: {
    rule: 'none reaches it: the server names each item (a schedule id, a request id)',
  },
  job_failures_reason_length: {
    rule: 'none reaches it: record-failure.ts cuts a reason to 500 characters',
    limit: 500,
  },
  job_failures_detail_length: {
    rule: 'none reaches it: record-failure.ts cuts the detail to 2000 characters',
    limit: 2000,
  },
  statements_file_name_format: { rule: 'none reaches it: statements/file-name.ts names every statement' },
  support_tickets_type_valid: { rule: 'ticketType: the TICKET_TYPES enum (400)', values: TICKET_TYPES },
  support_tickets_severity_valid: {
    rule: 'severity: the TICKET_SEVERITIES enum (400)',
    values: TICKET_SEVERITIES,
  },
  support_tickets_status_valid: { rule: 'status: the TICKET_STATUSES enum (400)', values: TICKET_STATUSES },
  support_tickets_title_length: {
    rule: 'title: 1 to ticketTitleMaxLength characters, stored (400)',
    limit: limits.ticketTitleMaxLength,
  },
  support_tickets_contents_length: {
    rule: 'ticketContents: 1 to ticketContentsMaxLength characters, stored (400)',
    limit: limits.ticketContentsMaxLength,
  },
  banker_requests_kind_valid: { rule: 'kind: the BATCH_KINDS enum (400)', values: BATCH_KINDS },
  banker_requests_status_valid: {
    rule: 'none reaches it: the server sets the status',
    values: REQUEST_STATUSES,
  },
  banker_requests_amount_positive: { rule: 'amountInCents: more than 0 (400)' },
  banker_requests_memo_length: memo,
  banker_requests_approved_moved: {
    rule: 'none reaches it: approving moves the money in the same transaction',
  },
  banker_requests_held_range: { rule: 'none reaches it: a request holds its amount or nothing' },
  goals_name_length: {
    rule: 'goal name (schemas/participation.ts): 1 to goalNameMaxLength characters, stored',
    limit: limits.goalNameMaxLength,
  },
  goals_amount_positive: { rule: 'amountInCents: more than 0 (400)' },
  goals_position_range: {
    rule: 'goal position (schemas/participation.ts): 1 to goalsPerAccountMax (400); manage-goals.ts: at most the count',
    limit: limits.goalsPerAccountMax,
  },
  store_items_name_length: {
    rule: 'item name (schemas/store.ts): 1 to itemNameMaxLength characters, stored (400)',
    limit: limits.itemNameMaxLength,
  },
  store_items_description_length: {
    rule: 'item description (schemas/store.ts): at most itemDescriptionMaxLength characters, stored (400)',
    limit: limits.itemDescriptionMaxLength,
  },
  store_items_price_positive: { rule: 'amountInCents: more than 0 (400)' },
  store_items_stock_range: {
    rule: 'stock (schemas/store.ts): 0 to itemCountMax or null (400); a release gives back at most up to it',
    limit: limits.itemCountMax,
  },
  store_items_limit_range: {
    rule: 'perStudentLimit (schemas/store.ts): 1 to itemCountMax or null (400)',
    limit: limits.itemCountMax,
  },
  store_orders_status_valid: { rule: 'none reaches it: the server sets the status', values: ORDER_STATUSES },
  store_orders_price_positive: { rule: "none reaches it: an order's price is its item's, more than 0" },
  store_orders_held_is_price: { rule: 'none reaches it: place-order.ts holds the price it records' },
  store_orders_fulfilled_paid: {
    rule: 'none reaches it: fulfilling writes the debit in the same transaction',
  },
  store_orders_reason_length: {
    rule: 'refund reason (reversalReason): 1 to reversalReasonMaxLength characters, stored (400)',
    limit: limits.reversalReasonMaxLength,
  },
  schedules_amount_from_valid: { rule: 'amountFrom: the AMOUNT_FROM enum (400)', values: AMOUNT_FROM },
  schedules_wage_terms: {
    rule: 'amountTermsProblem (schemas/schedules.ts; update-schedule.ts for a change): a fixed amount needs one, wages only a deposit (400)',
  },
  jobs_name_length: {
    rule: 'job name (schemas/economy.ts): 1 to jobNameMaxLength characters, stored (400)',
    limit: economyLimits.jobNameMaxLength,
  },
  jobs_wage_positive: { rule: 'amountInCents: more than 0 (400)' },
  job_holders_slot_range: {
    rule: 'economy/job-holders.ts: a Student with jobsPerStudentMax jobs is refused another (409)',
    limit: economyLimits.jobsPerStudentMax,
  },
  awards_name_length: {
    rule: 'award name (schemas/economy.ts): 1 to awardNameMaxLength characters, stored (400)',
    limit: economyLimits.awardNameMaxLength,
  },
  awards_kind_valid: { rule: 'kind: the BATCH_KINDS enum (400)', values: BATCH_KINDS },
  awards_amount_positive: { rule: 'amountInCents: more than 0 (400)' },
  auctions_name_length: {
    rule: 'auction name (schemas/auctions.ts): 1 to nameMaxLength characters, stored (400)',
    limit: auctionLimits.nameMaxLength,
  },
  auctions_description_length: {
    rule: 'auction description (schemas/auctions.ts): at most descriptionMaxLength characters, stored (400)',
    limit: auctionLimits.descriptionMaxLength,
  },
  auctions_starting_bid_positive: { rule: 'amountInCents: more than 0 (400)' },
  auctions_min_increment_positive: {
    rule: 'amountInCents: more than 0 (400); absent: defaultIncrementCents',
  },
  auctions_extensions_range: {
    rule: 'none reaches it: place-bid.ts extends at most extensionsMax times',
    limit: auctionLimits.extensionsMax,
  },
  auctions_status_valid: { rule: 'none reaches it: the server sets the status', values: AUCTION_STATUSES },
  auctions_closed_when_not_open: {
    rule: 'none reaches it: the end and the cancel set closed_at with the status',
  },
  auctions_charged_only_when_ended: {
    rule: 'none reaches it: only the end (end-auctions.ts) writes the charge',
  },
  auction_bids_amount_positive: { rule: 'bid amount: amountInCents, more than 0 (400)' },
  auction_bids_held_is_amount: { rule: 'none reaches it: place-bid.ts holds the amount it records' },
  auction_bids_status_valid: { rule: 'none reaches it: the server sets the status', values: BID_STATUSES },
  notifications_kind_valid: {
    rule: 'none reaches it: the trigger and the bid function set the kind',
    values: NOTIFICATION_KINDS,
  },
  notifications_amount_positive: {
    rule: "none reaches it: a notice's amount is a transaction's or a hold's, each more than 0",
  },
};

const t = useTestApp();

describe('the CHECK constraints of the schema', () => {
  it('each has its rule in the domain, with the same limit', async () => {
    const rows = await queryRows<{ name: string; definition: string }>(
      t.db,
      sql`select c.conname as name, pg_get_constraintdef(c.oid) as definition
          from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'c' and n.nspname = 'public'
          order by c.conname`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(guards).sort());
    for (const { name, definition } of rows) {
      const guard = guards[name]!;
      if (guard.limit !== undefined) expect(definition, name).toContain(String(guard.limit));
      for (const value of guard.values ?? []) expect(definition, name).toContain(`'${value}'`);
    }
  });
});

/**
 * A few characters decompose under NFC (U+0958 DEVANAGARI LETTER QA is two code points once
 * normalised), so a text within a field's length as sent can be longer as stored, which is what
 * the CHECKs count: each field is refused with its 400, never a 500.
 */
describe('a text that grows when it is normalised', () => {
  const grows = (n: number) => '\u0958'.repeat(n);
  let bank: SeededBank;
  let savings: string;
  let transactionId: number;

  beforeEach(async () => {
    bank = await seedBank(t.db, 'one');
    await setBank(t.db, bank.bankId, { bankerLimitCents: 0 });
    savings = await insertStudentSavings(t.db, bank);
    const deposit = await call(t.app, 'POST', '/teller/deposits', {
      token: bank.tokens.admin,
      body: { accountId: bank.checking.accountNumber, amount: 20 },
    });
    transactionId = deposit.body.id;
  });

  it('is refused with a 400 naming the field, where a CHECK counts the stored text', async () => {
    await call(t.app, 'PUT', `/admin/users/${bank.otherStudent.username}/updateUser`, {
      token: bank.tokens.admin,
      body: { name: 'Classmate', userRole: 'USER', branch: bank.main.id, banker: false },
    });
    await call(t.app, 'PUT', `/admin/users/${bank.student.username}/updateUser`, {
      token: bank.tokens.admin,
      body: { name: 'Banker', userRole: 'USER', branch: bank.main.id, banker: true },
    });
    const classmate = await insertAccount(t.db, {
      userId: bank.otherStudent.id,
      bankId: bank.bankId,
      branchId: bank.main.id,
    });
    const cases: [string, 'POST', string, string, unknown][] = [
      ['goal name', 'POST', '/user/goals', 'name', { accountId: savings, name: grows(60), amount: 5 }],
      [
        'memo',
        'POST',
        '/teller/deposits',
        'memo',
        { accountId: bank.checking.accountNumber, amount: 1, memo: grows(60) },
      ],
      [
        'payday memo',
        'POST',
        '/teller/batches',
        'memo',
        { kind: 'deposit', memo: grows(31), items: [{ accountId: bank.checking.accountNumber, amount: 1 }] },
      ],
      [
        'reversal reason',
        'POST',
        `/admin/transactions/${transactionId}/reverse`,
        'reason',
        { reason: grows(60) },
      ],
      [
        'schedule name',
        'POST',
        '/teller/schedules',
        'name',
        {
          name: grows(60),
          kind: 'deposit',
          amount: 1,
          every: 'week',
          startDate: '2099-01-05',
          target: { branchId: bank.main.id },
        },
      ],
      [
        'request memo',
        'POST',
        '/user/requests',
        'memo',
        { kind: 'deposit', accountId: classmate.accountNumber, amount: 1, memo: grows(60) },
      ],
      [
        'ticket title',
        'POST',
        '/user/supportTickets/create',
        'title',
        {
          bankId: bank.bankId,
          ticketType: 'Bug',
          title: grows(120),
          ticketContents: 'x',
          severity: '3. Major',
        },
      ],
      [
        'ticket contents',
        'POST',
        '/user/supportTickets/create',
        'ticketContents',
        {
          bankId: bank.bankId,
          ticketType: 'Bug',
          title: 'x',
          ticketContents: grows(5000),
          severity: '3. Major',
        },
      ],
    ];
    for (const [what, method, url, field, body] of cases) {
      const token = url.startsWith('/user/') ? bank.tokens.student : bank.tokens.admin;
      const res = await call(t.app, method, url, { token, body });
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), what).toEqual([field]);
    }
  });

  it('is kept when it fits as stored', async () => {
    const res = await call(t.app, 'POST', '/user/goals', {
      token: bank.tokens.student,
      body: { accountId: savings, name: grows(30), amount: 5 },
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(grows(30).normalize('NFC'));
  });
});
