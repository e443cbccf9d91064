import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt cost as log2(N): 15 is N=2^15, r=8 (32 MiB a hash, slow on purpose):
 * memory-hard, no native build. The server takes it from PASSWORD_HASH_COST (config.ts); tests
 * lower it, because a test suite that signs in thousands of times otherwise spends most of its time
 * here. It only decides how new passwords are hashed: a stored hash names its own cost.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
/** The range PASSWORD_HASH_COST accepts; above 17 scrypt needs more than 128 MiB a hash. */
export const PASSWORD_HASH_COST_RANGE = { min: 4, max: 17 } as const;

const R = 8;
const P = 1;
const KEY_LENGTH = 32;

let cost = DEFAULT_PASSWORD_HASH_COST;

/** Sets the cost of new hashes for this process (buildApp and the CLI pass the configured one). */
export function setPasswordHashCost(log2N: number): void {
  const { min, max } = PASSWORD_HASH_COST_RANGE;
  if (!Number.isInteger(log2N) || log2N < min || log2N > max) {
    throw new RangeError(`password hash cost must be an integer from ${min} to ${max}, not ${log2N}`);
  }
  cost = log2N;
}

/** The cost new hashes get in this process. */
export const passwordHashCost = (): number => cost;

/** Room for the largest cost in range, with scrypt's own overhead. */
const maxmemFor = (n: number, r: number) => 2 * 128 * n * r;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: maxmemFor(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n);
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: maxmemFor(N, Number(r)),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const decoys = new Map<number, Promise<string>>();
/**
 * Compared against when the username does not exist, so a miss costs the same time as a wrong
 * password: hashed at the current cost, once per cost.
 */
export function decoyHash(): Promise<string> {
  let decoy = decoys.get(cost);
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('hex'));
    decoys.set(cost, decoy);
  }
  return decoy;
}
