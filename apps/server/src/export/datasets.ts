import { sql, type SQL } from 'drizzle-orm';

/**
 * What `npm run bank -- export` writes for one bank, one CSV and one JSON file per dataset. Each
 * query answers plain values: timestamps as ISO text (UTC), dates as YYYY-MM-DD, money in cents
 * (written as "12.50" in CSV and 12.5 in JSON by export-bank.ts). No password hash, session or
 * token is selected anywhere.
 */
export type ColumnKind = 'plain' | 'money' | 'json' | 'list';

export interface Dataset {
  /** The files' name: `<name>.csv` and `<name>.json`. */
  name: string;
  /** The table whose rows of the bank it lists (others are joined in for names). */
  table: string;
  /** Column name (as in the files) and kind; a column not listed is plain. */
  columns: Record<string, ColumnKind>;
  query: (bankId: number) => SQL;
}

export const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const columns = (names: string, kinds: Record<string, ColumnKind> = {}): Record<string, ColumnKind> =>
  Object.fromEntries(names.split(/\s+/).map((name) => [name, kinds[name] ?? 'plain']));

export const datasets: Dataset[] = [
  {
    name: 'branches',
    table: 'branches',
    columns: columns('id name createdAt'),
    query: (bankId) =>
      sql`select id, name, ${iso('created_at')} as "createdAt" from branches where bank_id = ${bankId} order by id`,
  },
  {
    name: 'users',
    table: 'users',
    columns: columns('id username name displayName role branch mustChangePassword createdAt deletedAt'),
    query: (bankId) =>
      sql`select u.id, u.username, u.name, u.display_name as "displayName", u.role, b.name as branch,
            u.must_change_password as "mustChangePassword", ${iso('u.created_at')} as "createdAt",
            ${iso('u.deleted_at')} as "deletedAt"
          from users u left join branches b on b.id = u.branch_id where u.bank_id = ${bankId} order by u.id`,
  },
  {
    name: 'accounts',
    table: 'accounts',
    columns: columns('accountNumber type username ownerName branch balance openedAt closedAt', {
      balance: 'money',
    }),
    query: (bankId) =>
      sql`select a.account_number as "accountNumber", a.type, u.username, u.name as "ownerName",
            b.name as branch, a.balance_cents as balance, ${iso('a.opened_at')} as "openedAt",
            ${iso('a.closed_at')} as "closedAt"
          from accounts a join users u on u.id = a.user_id join branches b on b.id = a.branch_id
          where a.bank_id = ${bankId} order by a.opened_at, a.account_number`,
  },
  {
    name: 'transactions',
    table: 'transactions',
    columns: columns(
      'id accountNumber type description memo amount status transactionDate postedDate balanceAfter ' +
        'transferId paydayId reversalOf reversedBy createdBy createdAt deletedAt',
      { amount: 'money', balanceAfter: 'money' },
    ),
    query: (bankId) =>
      sql`select t.id, t.account_number as "accountNumber", t.type, t.description, t.memo,
            t.amount_cents as amount, t.status, ${iso('t.transaction_date')} as "transactionDate",
            ${iso('t.posted_date')} as "postedDate", t.account_balance_cents as "balanceAfter",
            t.transfer_id as "transferId", t.batch_id as "paydayId", t.reversal_of as "reversalOf",
            t.reversed_by as "reversedBy", u.username as "createdBy", ${iso('t.created_at')} as "createdAt",
            ${iso('t.deleted_at')} as "deletedAt"
          from transactions t join accounts a on a.account_number = t.account_number
            left join users u on u.id = t.created_by
          where a.bank_id = ${bankId} order by t.id`,
  },
  {
    name: 'paydays',
    table: 'batches',
    columns: columns('id kind memo count total createdBy createdAt reversalOf', { total: 'money' }),
    query: (bankId) =>
      // Count and total as the payday list shows them: its live payments (list-batches.ts).
      sql`select p.id, p.kind, p.memo,
            (select count(*)::int from transactions t where t.batch_id = p.id and t.deleted_at is null) as count,
            (select coalesce(sum(t.amount_cents), 0)::bigint from transactions t
             where t.batch_id = p.id and t.deleted_at is null) as total,
            u.username as "createdBy", ${iso('p.created_at')} as "createdAt", p.reversal_of as "reversalOf"
          from batches p join users u on u.id = p.created_by
          where p.bank_id = ${bankId} order by p.created_at, p.id`,
  },
  {
    name: 'schedules',
    table: 'schedules',
    columns: columns(
      'id name kind amount amountFrom memo every startDate targetBranch targetAccounts accountType shortfall active ' +
        'nextRunAt pausedReason createdBy createdAt deletedAt',
      { amount: 'money', targetAccounts: 'list' },
    ),
    query: (bankId) =>
      sql`select s.id, s.name, s.kind, s.amount_cents as amount, s.amount_from as "amountFrom", s.memo, s.every,
            s.start_date::text as "startDate", b.name as "targetBranch", s.target_accounts as "targetAccounts",
            s.account_type as "accountType", s.shortfall, s.active, ${iso('s.next_run_at')} as "nextRunAt",
            s.paused_reason as "pausedReason", u.username as "createdBy", ${iso('s.created_at')} as "createdAt",
            ${iso('s.deleted_at')} as "deletedAt"
          from schedules s join users u on u.id = s.created_by left join branches b on b.id = s.target_branch_id
          where s.bank_id = ${bankId} order by s.id`,
  },
  {
    name: 'schedule-runs',
    table: 'schedule_runs',
    columns: columns(
      'id scheduleId schedule occurrenceDate runAt paydayId count total leftOut cut problem ranBy createdAt',
      { total: 'money', leftOut: 'json', cut: 'json' },
    ),
    query: (bankId) =>
      sql`select r.id, r.schedule_id as "scheduleId", s.name as schedule, r.occurrence_date::text as "occurrenceDate",
            ${iso('r.run_at')} as "runAt", r.batch_id as "paydayId", r.item_count as count,
            r.total_cents as total, r.left_out as "leftOut", r.cut, r.problem, u.username as "ranBy",
            ${iso('r.created_at')} as "createdAt"
          from schedule_runs r join schedules s on s.id = r.schedule_id left join users u on u.id = r.ran_by
          where s.bank_id = ${bankId} order by r.id`,
  },
  {
    name: 'statements',
    table: 'statements',
    columns: columns('id accountNumber period file openingBalance closingBalance bytes createdAt', {
      openingBalance: 'money',
      closingBalance: 'money',
    }),
    query: (bankId) =>
      sql`select st.id, st.account_number as "accountNumber", to_char(st.period_start, 'YYYY-MM') as period,
            'statements/' || st.file_name as file, st.opening_balance_cents as "openingBalance",
            st.closing_balance_cents as "closingBalance", octet_length(st.pdf) as bytes,
            ${iso('st.created_at')} as "createdAt"
          from statements st join accounts a on a.account_number = st.account_number
          where a.bank_id = ${bankId} order by st.id`,
  },
  {
    name: 'audit-log',
    table: 'audit_log',
    columns: columns('id at action actor transactionId scheduleId paydayId summary before after', {
      before: 'json',
      after: 'json',
    }),
    query: (bankId) =>
      sql`select l.id, ${iso('l.at')} as at, l.action, u.username as actor, l.transaction_id as "transactionId",
            l.schedule_id as "scheduleId", l.batch_id as "paydayId", l.summary, l.before, l.after
          from audit_log l left join users u on u.id = l.actor_user_id
          where l.bank_id = ${bankId} order by l.id`,
  },
  {
    name: 'banker-requests',
    table: 'banker_requests',
    columns: columns(
      'id kind accountNumber amount memo requestedBy status decidedBy decidedAt reason transactionId ' +
        'createdAt expiresAt',
      { amount: 'money' },
    ),
    query: (bankId) =>
      sql`select r.id, r.kind, r.account_number as "accountNumber", r.amount_cents as amount, r.memo,
            asker.username as "requestedBy", r.status, decider.username as "decidedBy",
            ${iso('r.decided_at')} as "decidedAt", r.reason, r.transaction_id as "transactionId",
            ${iso('r.created_at')} as "createdAt", ${iso('r.expires_at')} as "expiresAt"
          from banker_requests r join users asker on asker.id = r.requested_by
            left join users decider on decider.id = r.decided_by
          where r.bank_id = ${bankId} order by r.id`,
  },
  {
    name: 'goals',
    table: 'goals',
    columns: columns('id accountNumber username position name amount targetDate createdAt reachedAt', {
      amount: 'money',
    }),
    query: (bankId) =>
      sql`select g.id, g.account_number as "accountNumber", u.username, g.position, g.name, g.amount_cents as amount,
            g.target_date::text as "targetDate", ${iso('g.created_at')} as "createdAt",
            ${iso('g.reached_at')} as "reachedAt"
          from goals g join accounts a on a.account_number = g.account_number join users u on u.id = a.user_id
          where a.bank_id = ${bankId} order by g.account_number, g.position`,
  },
  {
    name: 'jobs',
    table: 'jobs',
    columns: columns('id branch name wage holders createdAt', { wage: 'money', holders: 'list' }),
    query: (bankId) =>
      sql`select j.id, b.name as branch, j.name, j.wage_cents as wage,
            coalesce((select array_agg(u.username order by lower(u.username)) from job_holders h
                        join users u on u.id = h.user_id where h.job_id = j.id), '{}') as holders,
            ${iso('j.created_at')} as "createdAt"
          from jobs j left join branches b on b.id = j.branch_id
          where j.bank_id = ${bankId} order by j.id`,
  },
  {
    name: 'awards',
    table: 'awards',
    columns: columns('id name kind amount createdAt', { amount: 'money' }),
    query: (bankId) =>
      sql`select id, name, kind, amount_cents as amount, ${iso('created_at')} as "createdAt"
          from awards where bank_id = ${bankId} order by id`,
  },
  {
    name: 'store-items',
    table: 'store_items',
    columns: columns('id branch name description price stock perStudentLimit active createdAt deletedAt', {
      price: 'money',
    }),
    query: (bankId) =>
      sql`select i.id, b.name as branch, i.name, i.description, i.price_cents as price, i.stock,
            i.per_student_limit as "perStudentLimit", i.active, ${iso('i.created_at')} as "createdAt",
            ${iso('i.deleted_at')} as "deletedAt"
          from store_items i left join branches b on b.id = i.branch_id
          where i.bank_id = ${bankId} order by i.id`,
  },
  {
    name: 'store-orders',
    table: 'store_orders',
    columns: columns(
      'id itemId itemName accountNumber username price held status createdAt expiresAt decidedBy decidedAt reason transactionId',
      { price: 'money', held: 'money' },
    ),
    query: (bankId) =>
      sql`select o.id, o.item_id as "itemId", o.item_name as "itemName", o.account_number as "accountNumber",
            u.username, o.price_cents as price, o.held_cents as held, o.status, ${iso('o.created_at')} as "createdAt",
            ${iso('o.expires_at')} as "expiresAt", d.username as "decidedBy", ${iso('o.decided_at')} as "decidedAt",
            o.reason, o.transaction_id as "transactionId"
          from store_orders o join users u on u.id = o.user_id left join users d on d.id = o.decided_by
          where o.bank_id = ${bankId} order by o.id`,
  },
  {
    name: 'auctions',
    table: 'auctions',
    columns: columns(
      'id branch name description startingBid minIncrement endsAt extensions status createdBy createdAt closedAt transactionId',
      { startingBid: 'money', minIncrement: 'money' },
    ),
    query: (bankId) =>
      sql`select a.id, b.name as branch, a.name, a.description, a.starting_bid_cents as "startingBid",
            a.min_increment_cents as "minIncrement", ${iso('a.ends_at')} as "endsAt", a.extensions, a.status,
            u.username as "createdBy", ${iso('a.created_at')} as "createdAt", ${iso('a.closed_at')} as "closedAt",
            a.transaction_id as "transactionId"
          from auctions a left join branches b on b.id = a.branch_id join users u on u.id = a.created_by
          where a.bank_id = ${bankId} order by a.id`,
  },
  {
    name: 'auction-bids',
    table: 'auction_bids',
    columns: columns('id auctionId accountNumber username amount held status createdAt', {
      amount: 'money',
      held: 'money',
    }),
    query: (bankId) =>
      sql`select x.id, x.auction_id as "auctionId", x.account_number as "accountNumber", u.username,
            x.amount_cents as amount, x.held_cents as held, x.status, ${iso('x.created_at')} as "createdAt"
          from auction_bids x join auctions a on a.id = x.auction_id join users u on u.id = x.user_id
          where a.bank_id = ${bankId} order by x.id`,
  },
  {
    name: 'support-tickets',
    table: 'support_tickets',
    columns: columns('id username type title contents severity status createdAt updatedAt'),
    query: (bankId) =>
      sql`select t.id, u.username, t.ticket_type as type, t.title, t.contents, t.severity, t.status,
            ${iso('t.created_at')} as "createdAt", ${iso('t.updated_at')} as "updatedAt"
          from support_tickets t join users u on u.id = t.user_id
          where t.bank_id = ${bankId} order by t.id`,
  },
];

/**
 * The tables no dataset lists, and why. export.test.ts checks that every table of the schema is
 * either here or a dataset's, so a table a later migration adds is a decision, not an oversight.
 */
export const leftOut: Record<string, string> = {
  banks: 'export.json holds the bank itself, with its settings',
  sessions: 'sign-ins under way (token hashes): nothing a school keeps',
  login_failures: 'failed sign-ins by user name and address, kept an hour to slow down guessing',
  idempotency_keys: 'answers kept to replay a repeated request; the money they moved is in transactions',
  job_holders: 'who holds each job: the jobs dataset lists each job with its holders',
  interest_credits: 'which months have had their interest; the interest itself is in transactions',
  job_failures:
    "the operator's record of background work that failed; a schedule it stopped says why in schedules",
  schedule_run_students:
    'whom a run in progress has still to pay, emptied as it pays; its payments are in transactions',
  notifications: 'notices to people of what transactions and bids did; the money itself is in transactions',
};
