/**
 * The bank's records. Rules that protect money and identity live here as constraints, not only in
 * code: a bug in a route can then fail a request but never store a negative balance, a duplicate
 * username, or an account in a branch of another bank.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_TYPES,
  AMOUNT_FROM,
  BATCH_KINDS,
  economyLimits,
  limits,
  ORDER_STATUSES,
  REQUEST_STATUSES,
  ROLES,
  SCHEDULE_EVERY,
  SHORTFALL_RULES,
  AUDIT_ACTIONS,
  AUCTION_STATUSES,
  NOTIFICATION_KINDS,
  auctionLimits,
  BID_STATUSES,
  TICKET_SEVERITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@bank/shared';
import {
  bigint,
  bigserial,
  type AnyPgColumn,
  boolean,
  char,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * `column in ('A', 'B')` from one of the contract's lists (packages/shared), so a CHECK cannot
 * drift from what the API accepts. Written out as literals: the SQL is the same as before.
 */
const isOneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;

/** `column between 1 and max` (or null, when `nullable`), the limit a named constant of the contract. */
const lengthUpTo = (column: AnyPgColumn, max: number, nullable = false): SQL => {
  const bounded = sql`length(${column}) between 1 and ${sql.raw(String(max))}`;
  return nullable ? sql`${column} is null or ${bounded}` : bounded;
};

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Cents fit a JS number exactly far beyond any balance this bank allows (2^53 cents). */
const cents = (name: string) => bigint(name, { mode: 'number' });

export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    checkingActive: boolean('checking_active').notNull().default(true),
    savingsActive: boolean('savings_active').notNull().default(true),
    /** Percent in hundredths: 250 = 2.50 %. */
    savingsRateHundredths: integer('savings_rate_hundredths').notNull().default(0),
    tellerDepositPermission: boolean('teller_deposit_permission').notNull().default(true),
    tellerWithdrawalPermission: boolean('teller_withdrawal_permission').notNull().default(true),
    tellerTransferPermission: boolean('teller_transfer_permission').notNull().default(true),
    /** What a teacher may do for their own branch's Students (API.md "Teachers without dead ends"). */
    tellerCanReverse: boolean('teller_can_reverse').notNull().default(true),
    tellerCanResetPasswords: boolean('teller_can_reset_passwords').notNull().default(true),
    tellerCanManageBankers: boolean('teller_can_manage_bankers').notNull().default(true),
    /** A banker's request of at most this is approved at once (API.md "Students who take part"). */
    bankerLimitCents: cents('banker_limit_cents').notNull().default(0),
    /** IANA zone its schedules run in (06:00 local); checked against PostgreSQL's zones on update. */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: createdAt(),
  },
  (t) => [
    check('banks_name_not_blank', sql`length(btrim(${t.name})) > 0`),
    check('banks_banker_limit_not_negative', sql`${t.bankerLimitCents} >= 0`),
    check(
      'banks_savings_rate_range',
      sql`${t.savingsRateHundredths} between 0 and ${sql.raw(String(limits.savingsRateMaxPercent * 100))}`,
    ),
  ],
);

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('branches_name_trimmed', sql`${t.name} = btrim(${t.name}) and length(${t.name}) > 0`),
    uniqueIndex('branches_bank_name_unique').on(t.bankId, sql`lower(${t.name})`),
    // Lets users and accounts reference (bank, branch) together, so a branch of another bank
    // can never be attached to them.
    unique('branches_bank_id_id_unique').on(t.bankId, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    role: text('role', { enum: ROLES }).notNull(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    branchId: integer('branch_id'),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** A Student the teacher made a class banker. */
    banker: boolean('banker').notNull().default(false),
    /** While the password is a temporary one: when it stops signing in (API.md "Sessions"). */
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Users are retired, not erased: their closed accounts and tickets still name them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    check('users_username_format', sql`${t.username} ~ '^[A-Za-z0-9._-]{3,32}$'`),
    check('users_role_valid', isOneOf(t.role, ROLES)),
    check('users_student_has_branch', sql`${t.role} <> 'USER' or ${t.branchId} is not null`),
    check('users_banker_is_student', sql`not ${t.banker} or ${t.role} = 'USER'`),
    foreignKey({
      name: 'users_branch_same_bank_fk',
      columns: [t.bankId, t.branchId],
      foreignColumns: [branches.bankId, branches.id],
    }),
    index('users_bank_idx').on(t.bankId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the token, hex: the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * A session opened with a temporary password: until then it may choose the new password without
     * typing the temporary one again (docs/security.md); used once, then null.
     */
    temporaryProofExpiresAt: timestamp('temporary_proof_expires_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, shared by every server process, for throttling. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usernameKey: text('username_key').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_username_idx').on(t.usernameKey, t.at),
    index('login_failures_address_idx').on(t.address, t.at),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    accountNumber: char('account_number', { length: 10 }).primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    branchId: integer('branch_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ACCOUNT_TYPES }).notNull(),
    /** Σ credits − Σ debits of the live transactions, kept in step in the same database transaction. */
    balanceCents: cents('balance_cents').notNull().default(0),
    /** What waiting withdrawal requests hold; `balance - held` is what may be spent. */
    heldCents: cents('held_cents').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('accounts_number_format', sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
    check('accounts_type_valid', isOneOf(t.type, ACCOUNT_TYPES)),
    check('accounts_balance_not_negative', sql`${t.balanceCents} >= 0`),
    // No debit, however it comes, spends held money; a hold never makes `available` negative.
    check('accounts_balance_covers_holds', sql`${t.heldCents} >= 0 and ${t.balanceCents} >= ${t.heldCents}`),
    foreignKey({
      name: 'accounts_branch_same_bank_fk',
      columns: [t.bankId, t.branchId],
      foreignColumns: [branches.bankId, branches.id],
    }),
    index('accounts_bank_idx').on(t.bankId),
    index('accounts_user_idx').on(t.userId),
  ],
);

/** One class payday (POST /teller/batches): its transactions carry its id (API.md "Classroom tools"). */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    kind: text('kind', { enum: BATCH_KINDS }).notNull(),
    memo: text('memo'),
    itemCount: integer('item_count').notNull(),
    totalCents: cents('total_cents').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** For a payday that undoes (some of) another: that one. */
    reversalOf: uuid('reversal_of').references((): AnyPgColumn => batches.id),
  },
  (t) => [
    check('batches_kind_valid', isOneOf(t.kind, BATCH_KINDS)),
    check('batches_memo_length', lengthUpTo(t.memo, limits.memoMaxLength, true)),
    check('batches_count_range', sql`${t.itemCount} between 1 and ${sql.raw(String(limits.batchMaxItems))}`),
    check('batches_total_positive', sql`${t.totalCents} > 0`),
    index('batches_bank_created_idx').on(t.bankId, t.createdAt.desc()),
  ],
);

/*
 * Not expressible here: the SQL functions ledger_transfer_group and ledger_transaction_json
 * (db/functions) write and describe transactions, reading accounts, sessions, users and
 * idempotency_keys. A change to those tables' columns, or to the API's Transaction shape, needs a
 * change to those functions' files.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountNumber: char('account_number', { length: 10 })
      .notNull()
      .references(() => accounts.accountNumber),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    description: text('description').notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('pending'),
    transactionDate: timestamp('transaction_date', { withTimezone: true }).notNull(),
    postedDate: timestamp('posted_date', { withTimezone: true }),
    /** Running posted balance after this row, in posting order; null while pending. */
    accountBalanceCents: cents('account_balance_cents'),
    /** Posting order within the bank: later rows' running balances follow from earlier ones. */
    postingSeq: bigint('posting_seq', { mode: 'number' }),
    transferId: uuid('transfer_id'),
    /** The optional memo given with the movement (1-60 characters); the description stays the spec's. */
    memo: text('memo'),
    /** The class payday that wrote it, if any. */
    batchId: uuid('batch_id').references((): AnyPgColumn => batches.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** Deleting keeps the row (and its audit record) but takes it out of every balance. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** A reversal names what it undoes; the original names its reversal (API.md "The school year"). */
    reversalOf: bigint('reversal_of', { mode: 'number' }).references((): AnyPgColumn => transactions.id),
    reversedBy: bigint('reversed_by', { mode: 'number' }).references((): AnyPgColumn => transactions.id),
  },
  (t) => [
    check('transactions_amount_positive', sql`${t.amountCents} > 0`),
    // A reversal is never reversed itself; a transaction is reversed at most once (the unique index).
    check('transactions_reversal_final', sql`${t.reversalOf} is null or ${t.reversedBy} is null`),
    uniqueIndex('transactions_reversal_of_unique')
      .on(t.reversalOf)
      .where(sql`${t.reversalOf} is not null`),
    check('transactions_type_valid', isOneOf(t.type, TRANSACTION_TYPES)),
    check('transactions_memo_length', lengthUpTo(t.memo, limits.memoMaxLength, true)),
    check(
      'transactions_posted_consistent',
      sql`(${t.status} = 'posted') = (${t.postedDate} is not null and ${t.accountBalanceCents} is not null and ${t.postingSeq} is not null)`,
    ),
    // An account's list, in posting order, newest first, pending rows (no posting_seq) first.
    index('transactions_account_posting_order_idx')
      .on(t.accountNumber, sql`coalesce(${t.postingSeq}, 9223372036854775807) desc`, t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('transactions_pending_due_idx')
      .on(t.transactionDate)
      .where(sql`${t.status} = 'pending' and ${t.deletedAt} is null`),
    index('transactions_transfer_idx').on(t.transferId),
    index('transactions_batch_idx')
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
    // An account's posted rows by posted date (month-end: statements and interest): a month of
    // them, and the rows since an instant, without reading the account's older history.
    index('transactions_account_posted_date_idx')
      .on(t.accountNumber, t.postedDate)
      .where(sql`${t.status} = 'posted' and ${t.deletedAt} is null`),
    // Posting continues after the highest posting_seq so far: found in the index, not by a scan.
    index('transactions_posting_seq_idx')
      .on(t.postingSeq)
      .where(sql`${t.postingSeq} is not null`),
  ],
);

/**
 * The audit log: who did what, when, for every change to money or to how it moves.
 * An edit or delete keeps the transaction before and after; a reversal or a schedule's change or
 * run keeps its own details. `actor_user_id` is null for what the bank did by itself (a schedule's
 * run at 06:00).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
    scheduleId: integer('schedule_id').references((): AnyPgColumn => schedules.id),
    batchId: uuid('batch_id').references(() => batches.id),
    summary: text('summary'),
  },
  (t) => [
    index('transaction_audit_bank_idx').on(t.bankId, t.at),
    check('audit_log_action_valid', isOneOf(t.action, AUDIT_ACTIONS)),
    // Edits and deletes keep the transaction as it was; everything else says what happened.
    check(
      'audit_log_record_complete',
      sql`case when ${t.action} in ('update', 'delete') then ${t.transactionId} is not null and ${t.before} is not null and ${t.actorUserId} is not null else ${t.summary} is not null end`,
    ),
  ],
);

/**
 * A payday or bill that runs on its own (API.md "The school year"). Its occurrences are numbered
 * from 0 (the start date); `next_index` is the next one to run and `next_run_at` its instant,
 * 06:00 in the bank's zone, kept in step with the bank's zone. Paused or deleted: no next run.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: BATCH_KINDS }).notNull(),
    /** Null when it pays wages (amountFrom 'wage'): each Student's jobs say how much. */
    amountCents: cents('amount_cents'),
    amountFrom: text('amount_from', { enum: AMOUNT_FROM }).notNull().default('fixed'),
    memo: text('memo'),
    every: text('every', { enum: SCHEDULE_EVERY }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Every Student of this branch (those who join later too) ... */
    targetBranchId: integer('target_branch_id'),
    /** ... or exactly these accounts. */
    targetAccounts: char('target_accounts', { length: 10 }).array(),
    accountType: text('account_type', { enum: ACCOUNT_TYPES }).notNull().default('CHECKING'),
    shortfall: text('shortfall', { enum: SHORTFALL_RULES }).notNull().default('skip'),
    active: boolean('active').notNull().default(true),
    nextIndex: integer('next_index').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /**
     * Why it stopped on its own (its run failed, or its maker may no longer move money this way),
     * and when; both null otherwise, and cleared when it is resumed.
     */
    pausedReason: text('paused_reason'),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('schedules_name_length', lengthUpTo(t.name, limits.scheduleNameMaxLength)),
    check('schedules_kind_valid', isOneOf(t.kind, BATCH_KINDS)),
    check('schedules_amount_positive', sql`${t.amountCents} > 0`),
    check('schedules_memo_length', lengthUpTo(t.memo, limits.memoMaxLength, true)),
    check('schedules_every_valid', isOneOf(t.every, SCHEDULE_EVERY)),
    check('schedules_account_type_valid', isOneOf(t.accountType, ACCOUNT_TYPES)),
    check('schedules_shortfall_valid', isOneOf(t.shortfall, SHORTFALL_RULES)),
    check('schedules_one_target', sql`(${t.targetBranchId} is null) <> (${t.targetAccounts} is null)`),
    check(
      'schedules_next_run_when_active',
      sql`(${t.active} and ${t.deletedAt} is null) = (${t.nextRunAt} is not null)`,
    ),
    check('schedules_next_index_not_negative', sql`${t.nextIndex} >= 0`),
    check('schedules_stopped_with_reason', sql`(${t.pausedReason} is null) = (${t.stoppedAt} is null)`),
    check('schedules_amount_from_valid', isOneOf(t.amountFrom, AMOUNT_FROM)),
    // A fixed amount, or the wages of each Student's jobs: only a payday pays wages.
    check(
      'schedules_wage_terms',
      sql`(${t.amountFrom} = 'fixed') = (${t.amountCents} is not null) and (${t.amountFrom} = 'fixed' or ${t.kind} = 'deposit')`,
    ),
    index('schedules_bank_idx').on(t.bankId),
    index('schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.nextRunAt} is not null`),
  ],
);

/**
 * One run of a schedule: a regular occurrence (its local date: the unique key that makes it run
 * once, whatever the processes, restarts, crashes and edits of the schedule) or an extra "Run now"
 * (no date). The run, its payday and this record are written in one transaction.
 */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    occurrenceDate: date('occurrence_date', { mode: 'string' }),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** The first of its paydays (null when it paid nobody) ... */
    batchId: uuid('batch_id').references(() => batches.id),
    /** ... and all of them: a run pays at most 1,000 accounts a payday (limits.scheduleRunMaxPayments). */
    batchIds: uuid('batch_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    itemCount: integer('item_count').notNull(),
    totalCents: cents('total_cents').notNull(),
    /** At most 1,000 of the accounts it left out, and of those it cut (limits.scheduleRunListedMax) ... */
    leftOut: jsonb('left_out').notNull(),
    cut: jsonb('cut').notNull(),
    /** ... and how many there were in all. */
    leftOutCount: integer('left_out_count').notNull().default(0),
    cutCount: integer('cut_count').notNull().default(0),
    problem: text('problem'),
    /** Who pressed Run now; null for the schedule's own run. */
    ranBy: integer('ran_by').references(() => users.id),
    createdAt: createdAt(),
    /** Null while the run is paying, step by step (domain/schedules/run-steps.ts). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    unique('schedule_runs_occurrence_unique').on(t.scheduleId, t.occurrenceDate),
    index('schedule_runs_schedule_idx').on(t.scheduleId, t.runAt.desc()),
    index('schedule_runs_unfinished_idx')
      .on(t.scheduleId)
      .where(sql`${t.finishedAt} is null`),
    check('schedule_runs_totals', sql`${t.itemCount} >= 0 and ${t.totalCents} >= 0`),
    check(
      'schedule_runs_paydays',
      sql`${t.batchId} is not distinct from ${t.batchIds}[1] and cardinality(${t.batchIds}) <= 10`,
    ),
    check(
      'schedule_runs_listed',
      sql`jsonb_array_length(${t.leftOut}) <= least(${t.leftOutCount}, 1000)
          and jsonb_array_length(${t.cut}) <= least(${t.cutCount}, 1000)`,
    ),
  ],
);

/**
 * Whom a run still has to pay or bill, in the plan's order: written when the run is claimed, and
 * each step deletes the rows it pays in the same transaction (domain/schedules/run-steps.ts).
 */
export const scheduleRunStudents = pgTable(
  'schedule_run_students',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => scheduleRuns.id),
    position: integer('position').notNull(),
    userId: integer('user_id').references(() => users.id),
    accountNumber: char('account_number', { length: 10 }),
    username: text('username'),
    name: text('name'),
  },
  (t) => [primaryKey({ name: 'schedule_run_students_pk', columns: [t.runId, t.position] })],
);

/**
 * The last failure of each item of a background job (a schedule's run, a request's expiry): the
 * job-item runner (domain/job-items) records it in the transaction that rolled the item's work
 * back, so one item that throws never holds up the others, and a job does not try it again every
 * minute. `reason` is what staff are shown; `detail` the error, for the operator.
 */
export const jobFailures = pgTable(
  'job_failures',
  {
    job: text('job').notNull(),
    /** The item's key within the job: a schedule's id, a request's id. */
    item: text('item').notNull(),
    bankId: integer('bank_id').references(() => banks.id),
    reason: text('reason').notNull(),
    detail: text('detail').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.item] }),
    check('job_failures_job_length', sql`length(${t.job}) between 1 and 40`),
    check('job_failures_item_length', sql`length(${t.item}) between 1 and 100`),
    check('job_failures_reason_length', sql`length(${t.reason}) between 1 and 500`),
    check('job_failures_detail_length', sql`length(${t.detail}) <= 2000`),
  ],
);

/** The first response to a money-moving POST, replayed for a repeat with the same key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ticketType: text('ticket_type', { enum: TICKET_TYPES }).notNull(),
    title: text('title').notNull(),
    contents: text('contents').notNull(),
    severity: text('severity', { enum: TICKET_SEVERITIES }).notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('Open'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('support_tickets_type_valid', isOneOf(t.ticketType, TICKET_TYPES)),
    check('support_tickets_severity_valid', isOneOf(t.severity, TICKET_SEVERITIES)),
    check('support_tickets_status_valid', isOneOf(t.status, TICKET_STATUSES)),
    check('support_tickets_title_length', lengthUpTo(t.title, limits.ticketTitleMaxLength)),
    check('support_tickets_contents_length', lengthUpTo(t.contents, limits.ticketContentsMaxLength)),
    index('support_tickets_bank_idx').on(t.bankId),
  ],
);

/**
 * Issued monthly statements. The PDF bytes are stored at issue, so a statement never changes
 * afterwards, even if a transaction of its month is later edited.
 */
export const statements = pgTable(
  'statements',
  {
    id: serial('id').primaryKey(),
    accountNumber: char('account_number', { length: 10 })
      .notNull()
      .references(() => accounts.accountNumber),
    /** First day of the statement's calendar month, in the bank's time zone. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /**
     * The zone its month was cut in (the bank's when issued): where it ended, so that the next
     * statement starts there even after the bank's zone changed.
     */
    timeZone: text('time_zone').notNull(),
    fileName: text('file_name').notNull().unique(),
    openingBalanceCents: cents('opening_balance_cents').notNull(),
    closingBalanceCents: cents('closing_balance_cents').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('statements_account_period_unique').on(t.accountNumber, t.periodStart),
    check(
      'statements_file_name_format',
      sql`${t.fileName} ~ '^statement-[0-9]{10}-[0-9]{4}-(0[1-9]|1[0-2])[.]pdf$'`,
    ),
  ],
);

/** One interest credit per savings account per month: the key makes a second run credit nothing. */
export const interestCredits = pgTable(
  'interest_credits',
  {
    accountNumber: char('account_number', { length: 10 })
      .notNull()
      .references(() => accounts.accountNumber),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** Null when the month's interest rounded to 0.00: recorded so the month counts as done. */
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountNumber, t.periodStart] })],
);

/**
 * A class banker's request (API.md "Students who take part"): waiting for staff, or decided. A
 * waiting withdrawal holds its amount on the account (accounts.held_cents), until it is decided,
 * cancelled or expires.
 */
export const bankerRequests = pgTable(
  'banker_requests',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    kind: text('kind', { enum: BATCH_KINDS }).notNull(),
    accountNumber: char('account_number', { length: 10 })
      .notNull()
      .references(() => accounts.accountNumber),
    amountCents: cents('amount_cents').notNull(),
    memo: text('memo'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('waiting'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * What it held while it waited: a withdrawal its amount, or nothing when the account could not
     * cover it; kept after the decision, which releases exactly this once.
     */
    heldCents: cents('held_cents').notNull().default(0),
    /** It came within the day's banker limit: it counts against the classmate's allowance that day. */
    withinLimit: boolean('within_limit').notNull().default(false),
  },
  (t) => [
    check('banker_requests_kind_valid', isOneOf(t.kind, BATCH_KINDS)),
    check('banker_requests_status_valid', isOneOf(t.status, REQUEST_STATUSES)),
    check('banker_requests_amount_positive', sql`${t.amountCents} > 0`),
    check('banker_requests_memo_length', lengthUpTo(t.memo, limits.memoMaxLength, true)),
    check(
      'banker_requests_approved_moved',
      sql`(${t.status} = 'approved') = (${t.transactionId} is not null)`,
    ),
    index('banker_requests_bank_status_idx').on(t.bankId, t.status, t.createdAt),
    index('banker_requests_requested_by_idx').on(t.requestedBy, t.createdAt),
    index('banker_requests_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'waiting'`),
    check(
      'banker_requests_held_range',
      sql`${t.heldCents} between 0 and ${t.amountCents} and (${t.heldCents} = 0 or ${t.kind} = 'withdrawal')`,
    ),
    index('banker_requests_within_limit_idx')
      .on(t.accountNumber, t.createdAt)
      .where(sql`${t.withinLimit}`),
  ],
);

/** A Student's savings goal on one of their SAVINGS accounts. */
export const goals = pgTable(
  'goals',
  {
    id: serial('id').primaryKey(),
    accountNumber: char('account_number', { length: 10 })
      .notNull()
      .references(() => accounts.accountNumber),
    name: text('name').notNull(),
    amountCents: cents('amount_cents').notNull(),
    targetDate: date('target_date', { mode: 'string' }),
    createdAt: createdAt(),
    /** The first time what it holds was seen to reach the amount: it is celebrated once. */
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    /** Its place among the account's goals, 1 first: goals fill from the available balance in this order. */
    position: integer('position').notNull(),
  },
  (t) => [
    check('goals_name_length', lengthUpTo(t.name, limits.goalNameMaxLength)),
    check('goals_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'goals_position_range',
      sql`${t.position} between 1 and ${sql.raw(String(limits.goalsPerAccountMax))}`,
    ),
    index('goals_account_idx').on(t.accountNumber),
    // Migration 0021 makes it DEFERRABLE INITIALLY DEFERRED (which Drizzle cannot state): moving a
    // goal shifts the others in one statement, and the places are unique again at commit.
    unique('goals_account_position_unique').on(t.accountNumber, t.position),
  ],
);

/**
 * An item of the class store (API.md "The class economy"): for one branch (a class) or, with no
 * branch, every branch of the bank. `stock` is what is left to order (null = unlimited); an order
 * takes one under the item's row lock and a release gives it back. A deleted item is kept for its
 * orders' history, never listed or sold again.
 */
export const storeItems = pgTable(
  'store_items',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    branchId: integer('branch_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: cents('price_cents').notNull(),
    stock: integer('stock'),
    perStudentLimit: integer('per_student_limit'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('store_items_name_length', lengthUpTo(t.name, limits.itemNameMaxLength)),
    check(
      'store_items_description_length',
      sql`length(${t.description}) <= ${sql.raw(String(limits.itemDescriptionMaxLength))}`,
    ),
    check('store_items_price_positive', sql`${t.priceCents} > 0`),
    check(
      'store_items_stock_range',
      sql`${t.stock} is null or ${t.stock} between 0 and ${sql.raw(String(limits.itemCountMax))}`,
    ),
    check(
      'store_items_limit_range',
      sql`${t.perStudentLimit} is null or ${t.perStudentLimit} between 1 and ${sql.raw(String(limits.itemCountMax))}`,
    ),
    foreignKey({
      name: 'store_items_branch_same_bank_fk',
      columns: [t.bankId, t.branchId],
      foreignColumns: [branches.bankId, branches.id],
    }),
    index('store_items_bank_idx').on(t.bankId),
  ],
);

/**
 * A Student's order of a store item. While it waits it holds `held_cents` (its price) on its
 * account (accounts.held_cents counts it, and the books check proves they add up); giving it turns
 * the hold into the debit `transaction_id`; a refund, cancel or expiry releases it. Kept after the
 * decision, like a request's hold, so a release gives back exactly what was held, once.
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => storeItems.id),
    /** The item's name when ordered: what the debit and the history say. */
    itemName: text('item_name').notNull(),
    accountNumber: char('account_number', { length: 10 })
      .notNull()
      .references(() => accounts.accountNumber),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    priceCents: cents('price_cents').notNull(),
    heldCents: cents('held_cents').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('waiting'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
  },
  (t) => [
    check('store_orders_status_valid', isOneOf(t.status, ORDER_STATUSES)),
    check('store_orders_price_positive', sql`${t.priceCents} > 0`),
    check('store_orders_held_is_price', sql`${t.heldCents} = ${t.priceCents}`),
    check('store_orders_fulfilled_paid', sql`(${t.status} = 'fulfilled') = (${t.transactionId} is not null)`),
    check('store_orders_reason_length', lengthUpTo(t.reason, limits.reversalReasonMaxLength, true)),
    index('store_orders_bank_status_idx').on(t.bankId, t.status, t.id),
    index('store_orders_user_idx').on(t.userId, t.id),
    index('store_orders_item_user_idx').on(t.itemId, t.userId),
    index('store_orders_account_waiting_idx')
      .on(t.accountNumber)
      .where(sql`${t.status} = 'waiting'`),
    index('store_orders_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'waiting'`),
  ],
);

/**
 * A class job with its wage (API.md "The class economy"): for one branch, or (branch null) every
 * branch of the bank. A branch deleted takes its jobs with it (it has no Students by then).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    branchId: integer('branch_id'),
    name: text('name').notNull(),
    wageCents: cents('wage_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('jobs_name_length', lengthUpTo(t.name, economyLimits.jobNameMaxLength)),
    check('jobs_wage_positive', sql`${t.wageCents} > 0`),
    foreignKey({
      name: 'jobs_branch_same_bank_fk',
      columns: [t.bankId, t.branchId],
      foreignColumns: [branches.bankId, branches.id],
    }).onDelete('cascade'),
    index('jobs_bank_idx').on(t.bankId),
  ],
);

/**
 * Who holds a job. Each holding takes one of its Student's slots (1 to jobsPerStudentMax), so the
 * database refuses one job too many whatever arrives at once.
 */
export const jobHolders = pgTable(
  'job_holders',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    slot: integer('slot').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.userId] }),
    unique('job_holders_user_slot_unique').on(t.userId, t.slot),
    check(
      'job_holders_slot_range',
      sql`${t.slot} between 1 and ${sql.raw(String(economyLimits.jobsPerStudentMax))}`,
    ),
  ],
);

/** An award: a bonus (deposit) or fine (withdrawal) of a fixed amount, given as a payday. */
export const awards = pgTable(
  'awards',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: BATCH_KINDS }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('awards_name_length', lengthUpTo(t.name, economyLimits.awardNameMaxLength)),
    check('awards_kind_valid', isOneOf(t.kind, BATCH_KINDS)),
    check('awards_amount_positive', sql`${t.amountCents} > 0`),
    index('awards_bank_idx').on(t.bankId),
  ],
);

/**
 * An auction (API.md "The class economy"): a teacher's item for one branch (a class) or, with no
 * branch, the whole bank, open to bids until `ends_at` (which a bid in the last minute moves a
 * minute later, `extensions` times at most). It ends once: status 'ended', with the debit
 * "Auction: {name}" of its high bid in `transaction_id` (none when nobody bid), or 'cancelled'.
 */
export const auctions = pgTable(
  'auctions',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    branchId: integer('branch_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startingBidCents: cents('starting_bid_cents').notNull(),
    minIncrementCents: cents('min_increment_cents').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    extensions: integer('extensions').notNull().default(0),
    status: text('status', { enum: AUCTION_STATUSES }).notNull().default('open'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
  },
  (t) => [
    check('auctions_name_length', lengthUpTo(t.name, auctionLimits.nameMaxLength)),
    check(
      'auctions_description_length',
      sql`length(${t.description}) <= ${sql.raw(String(auctionLimits.descriptionMaxLength))}`,
    ),
    check('auctions_starting_bid_positive', sql`${t.startingBidCents} > 0`),
    check('auctions_min_increment_positive', sql`${t.minIncrementCents} > 0`),
    check(
      'auctions_extensions_range',
      sql`${t.extensions} between 0 and ${sql.raw(String(auctionLimits.extensionsMax))}`,
    ),
    check('auctions_status_valid', isOneOf(t.status, AUCTION_STATUSES)),
    check('auctions_closed_when_not_open', sql`(${t.status} = 'open') = (${t.closedAt} is null)`),
    check('auctions_charged_only_when_ended', sql`${t.transactionId} is null or ${t.status} = 'ended'`),
    foreignKey({
      name: 'auctions_branch_same_bank_fk',
      columns: [t.bankId, t.branchId],
      foreignColumns: [branches.bankId, branches.id],
    }),
    index('auctions_bank_status_idx').on(t.bankId, t.status, t.endsAt),
    index('auctions_open_ends_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A Student's bid. While it is its auction's high bid it holds `held_cents` (its amount) on its
 * account (accounts.held_cents counts it, and the books check proves they add up): at most one bid
 * of an auction holds. A higher bid or a cancel releases it; the end charges it ('won'). Kept after,
 * so a release gives back exactly what was held, once.
 */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: serial('id').primaryKey(),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id),
    accountNumber: char('account_number', { length: 10 })
      .notNull()
      .references(() => accounts.accountNumber),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: cents('amount_cents').notNull(),
    heldCents: cents('held_cents').notNull(),
    status: text('status', { enum: BID_STATUSES }).notNull().default('holding'),
    createdAt: createdAt(),
  },
  (t) => [
    check('auction_bids_amount_positive', sql`${t.amountCents} > 0`),
    check('auction_bids_held_is_amount', sql`${t.heldCents} = ${t.amountCents}`),
    check('auction_bids_status_valid', isOneOf(t.status, BID_STATUSES)),
    uniqueIndex('auction_bids_one_holding')
      .on(t.auctionId)
      .where(sql`${t.status} = 'holding'`),
    uniqueIndex('auction_bids_one_won')
      .on(t.auctionId)
      .where(sql`${t.status} = 'won'`),
    index('auction_bids_auction_user_idx').on(t.auctionId, t.userId),
    index('auction_bids_account_holding_idx')
      .on(t.accountNumber)
      .where(sql`${t.status} = 'holding'`),
    index('auction_bids_user_idx').on(t.userId),
  ],
);

/**
 * A notice to one person (API.md "Families and notifications"): the facts of what happened, its
 * text made when it is read. Money's notices come from the trigger of
 * db/functions/notify_money_moved.sql, in the transaction that moves the money.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    amountCents: cents('amount_cents'),
    description: text('description'),
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check('notifications_kind_valid', isOneOf(t.kind, NOTIFICATION_KINDS)),
    check('notifications_amount_positive', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId, t.id)
      .where(sql`${t.readAt} is null`),
  ],
);
