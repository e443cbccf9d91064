import path from 'node:path';
import { z } from 'zod';
import { defaults, notificationLimits } from '@bank/shared';
import { DEFAULT_PASSWORD_HASH_COST, PASSWORD_HASH_COST_RANGE } from './domain/auth/passwords.js';
import { defaultLogFormat, LOG_FORMATS, type LogFormat } from './logging.js';

const flag = z
  .enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .transform((v) => (v === '' ? undefined : ['1', 'true', 'on', 'yes'].includes(v)));

const environmentSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DEMO_DATA: flag.optional(),
  /** Where the nightly backups go; default DATA_DIR/backups. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many nightly backups to keep; 0 = none. Default 7 with the embedded database, 0 with DATABASE_URL. */
  BACKUP_KEEP: z.coerce.number().int().min(0).max(3650).optional(),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(defaults.sessionTtlSeconds),
  POSTING_DELAY_SECONDS: z.coerce.number().int().min(0).default(defaults.postingDelaySeconds),
  NOTIFICATION_STREAM_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(notificationLimits.streamLifetimeSeconds),
  LOGIN_FAILURES_PER_USER_ADDRESS: z.coerce
    .number()
    .int()
    .positive()
    .default(defaults.loginFailuresPerUserAddress),
  LOGIN_FAILURES_PER_USER: z.coerce.number().int().positive().default(defaults.loginFailuresPerUser),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(defaults.loginFailuresPerAddress),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(defaults.rateLimitPerMinute),
  /** scrypt cost of new password hashes as log2(N); lower than 15 only for tests. */
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(PASSWORD_HASH_COST_RANGE.min)
    .max(PASSWORD_HASH_COST_RANGE.max)
    .default(DEFAULT_PASSWORD_HASH_COST),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json (machines) or pretty (people); unset: pretty when standard output is a terminal. */
  LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
  /** Where the built web app is; the server serves it at / when it exists. */
  WEB_DIST_DIR: z.string().optional(),
  /** The address students use to reach the bank (printed on sign-in slips): http(s), no query. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' })
    .refine((v) => !/[?#]/.test(v), 'PUBLIC_URL must be a plain address, without ? or #')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
});

export interface SignInLimits {
  perUserAddress: number;
  perUser: number;
  perAddress: number;
}

export interface Config {
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  demoData: boolean;
  /** The folder of the nightly backups (backup/nightly.ts). */
  backupDir: string;
  /** How many nightly backups the server keeps; 0 = it writes none. */
  backupKeep: number;
  sessionTtlSeconds: number;
  postingDelaySeconds: number;
  /** How long a notification stream stays open before the server ends it and its client reconnects (default 900). */
  notificationStreamSeconds?: number;
  /** The three sign-in limits (API.md "Sessions"). */
  signInLimits: SignInLimits;
  /** API requests per minute per session or address; 0 = no limit. */
  rateLimitPerMinute: number;
  /** scrypt cost of new password hashes, log2(N) (passwords.ts); stored hashes keep their own. */
  passwordHashCost: number;
  logLevel: string;
  logFormat: LogFormat;
  webDistDir: string | undefined;
  /** PUBLIC_URL without a trailing slash, e.g. "http://bank.school.example:3000"; undefined when not set. */
  publicUrl: string | undefined;
  /** Background jobs (posting, interest, statements) run on a timer; tests turn them off. */
  runJobs: boolean;
}

/** Reads and validates the environment once at start; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    backupDir: e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups'),
    // With PostgreSQL the database's own backups apply (README); the server writes them on request.
    backupKeep: e.BACKUP_KEEP ?? (e.DATABASE_URL === undefined ? 7 : 0),
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    postingDelaySeconds: e.POSTING_DELAY_SECONDS,
    notificationStreamSeconds: e.NOTIFICATION_STREAM_SECONDS,
    signInLimits: {
      perUserAddress: e.LOGIN_FAILURES_PER_USER_ADDRESS,
      perUser: e.LOGIN_FAILURES_PER_USER,
      perAddress: e.LOGIN_FAILURES_PER_ADDRESS,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    passwordHashCost: e.PASSWORD_HASH_COST,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? defaultLogFormat(),
    webDistDir: e.WEB_DIST_DIR,
    publicUrl: e.PUBLIC_URL,
    runJobs: true,
  };
}
