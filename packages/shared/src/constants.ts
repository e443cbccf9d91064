/** Named limits and constants of the product (ARCHITECTURE.md rule 6). */

export const ROLES = ['ADMIN', 'TELLER', 'USER'] as const;
export type Role = (typeof ROLES)[number];
/** The role picker shows USER as "Student" (spec §1, §9). */
export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'Admin', TELLER: 'Teller', USER: 'Student' };

export const ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const TRANSACTION_TYPES = ['debit', 'credit'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['pending', 'posted'] as const;

/** How often a schedule runs (API.md "The school year"), and what a run does with a student who cannot pay. */
export const SCHEDULE_EVERY = ['week', '2weeks', 'month'] as const;
export type ScheduleEvery = (typeof SCHEDULE_EVERY)[number];
export const SHORTFALL_RULES = ['skip', 'partial'] as const;
export type ShortfallRule = (typeof SHORTFALL_RULES)[number];
/** The local time of day a schedule runs at, in the bank's time zone. */
export const SCHEDULE_RUN_TIME = '06:00';

/** A banker's request (API.md "Students who take part"). */
export const REQUEST_STATUSES = ['waiting', 'approved', 'rejected', 'expired', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** A store order (API.md "The class economy"): it waits (holding its price) until given, refunded, cancelled or expired. */
export const ORDER_STATUSES = ['waiting', 'fulfilled', 'refunded', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TICKET_TYPES = ['Bug', 'Enhancement Request'] as const;
export const TICKET_SEVERITIES = ['1. Blocker', '2. Critical', '3. Major', '4. Minor', '5. Trivial'] as const;
export const TICKET_STATUSES = ['Open', 'In Progress', 'Resolved', 'Closed'] as const;

/** The bank's routing number, shown on Account Information (spec: "a fixed constant"). */
export const ROUTING_NUMBER = '021000089';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{10}$/;
export const STATEMENT_FILE_PATTERN = /^statement-([0-9]{10})-([0-9]{4})-(0[1-9]|1[0-2])\.pdf$/;

export const limits = {
  /** 1,000,000,000.00 in cents. */
  maxAmountCents: 100_000_000_000,
  nameMaxLength: 100,
  displayNameMaxLength: 64,
  branchNameMaxLength: 80,
  bankNameMaxLength: 100,
  descriptionMaxLength: 200,
  /** A money movement's optional memo ("Class job: librarian"), API.md "Classroom tools". */
  memoMaxLength: 60,
  /** Items in one class payday (POST /teller/batches). */
  batchMaxItems: 1000,
  /** Rows in one roster import (POST /admin/users/import). */
  importMaxRows: 1000,
  /** The roster import's CSV body may be larger than a JSON body (API.md Errors: 256 KiB). */
  importBodyLimitBytes: 256 * 1024,
  /** Students in one answer of the roster (GET /teller/students/{bankId}). */
  studentsMax: 1000,
  /** Rows in one page of a long list (students, users, accounts) when `limit` is given. */
  listPageMax: 500,
  /** A savings rate is a percent from 0 to this, 2 decimals at most (banks_savings_rate_range). */
  savingsRateMaxPercent: 100,
  /**
   * Pages of the lists beyond the product spec's long lists (API.md "Long lists" style): a
   * banker's and a bank's requests, and a schedule's runs (each run may carry a thousand
   * left-out entries, so their pages are short). Support tickets page at listPageMax.
   */
  requestsPageDefault: 100,
  scheduleRunsPageDefault: 20,
  scheduleRunsPageMax: 50,
  /** Students whose sign-in slips one call reprints (POST /teller/students/slips). */
  slipsMax: 200,
  /** Students whose goals one call reads (GET /teller/students/{bankId}/goals): a page of the roster. */
  goalsPageMax: 100,
  /** A roster search text (`q`). */
  studentSearchMaxLength: 100,
  /** A schedule's name ("Class job pay") and a reversal's reason: short, like a memo. */
  scheduleNameMaxLength: 60,
  reversalReasonMaxLength: 60,
  /** Accounts one schedule may name (like a payday's items). */
  scheduleAccountsMax: 1000,
  /**
   * Payments one schedule run may make: a run of a branch pays every Student of it, as several
   * paydays of at most `batchMaxItems` each (at most 10). A branch bigger than this is refused.
   */
  scheduleRunMaxPayments: 10_000,
  /** Accounts a run's record lists as left out, and as cut; it counts them all. */
  scheduleRunListedMax: 1000,
  /** An IANA time zone name ("America/New_York"). */
  timeZoneMaxLength: 64,
  /** A waiting request expires (and releases its hold) after this long. */
  requestTtlSeconds: 7 * 24 * 60 * 60,
  /** A waiting store order expires (releasing its hold and giving its stock back) after this long. */
  orderTtlSeconds: 14 * 24 * 60 * 60,
  /** A store item's name and description; the items a bank may have (its list answers whole). */
  itemNameMaxLength: 60,
  itemDescriptionMaxLength: 300,
  storeItemsMax: 200,
  /** An item's stock and a per-student limit: a class-sized count. */
  itemCountMax: 100_000,
  ordersPageDefault: 100,
  /** Goals per savings account, and a goal's name. */
  goalsPerAccountMax: 5,
  goalNameMaxLength: 60,
  ticketTitleMaxLength: 120,
  ticketContentsMaxLength: 5000,
  /** What a sign-in reads at most: longer is no user's (usernames) or no password's. */
  signInUsernameMaxLength: 64,
  signInPasswordMaxLength: 256,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  idempotencyKeyMaxLength: 64,
  /** A path parameter that names something by text (a User Id, a statement's file name). */
  identifierMaxLength: 256,
  /**
   * The router's limit on one path parameter as it arrives, percent-encoded: 12 characters per
   * code point at most (4 UTF-8 bytes, each `%XX`), so every parameter the document allows reaches
   * authentication and then validation, and only a longer one is refused by the router itself.
   */
  rawPathParamMaxLength: 256 * 12,
  transactionPageMax: 500,
  bodyLimitBytes: 64 * 1024,
  requestTimeoutMs: 30_000,
  /** The windows of the three sign-in limits (API.md "Sessions"); the counts are settings. */
  loginFailureWindowSeconds: { perUserAddress: 15 * 60, perUser: 60 * 60, perAddress: 15 * 60 },
  /** A temporary password not replaced within this time no longer signs in. */
  temporaryPasswordTtlSeconds: 7 * 24 * 60 * 60,
  /** How long a money-moving request's first answer is kept for replay by its Idempotency-Key. */
  idempotencyKeyTtlSeconds: 7 * 24 * 60 * 60,
  /** Expired or revoked sessions are kept this long (for support questions), then deleted. */
  deadSessionRetentionSeconds: 24 * 60 * 60,
} as const;

export const defaults = {
  sessionTtlSeconds: 8 * 60 * 60,
  postingDelaySeconds: 24 * 60 * 60,
  /** Failed sign-ins allowed per username and address, per username, per address (API.md "Sessions"). */
  loginFailuresPerUserAddress: 5,
  loginFailuresPerUser: 50,
  loginFailuresPerAddress: 100,
  /** API requests per minute per session (per address without one); 0 turns the limit off. */
  rateLimitPerMinute: 1200,
} as const;

/**
 * The headers a paged answer carries. Here, not beside the paging schemas: the web's lists read
 * them, and a constant must not bring zod to the first screens (issue 22).
 */
export const PAGE_HEADERS = { nextCursor: 'X-Next-Cursor', totalCount: 'X-Total-Count' } as const;
