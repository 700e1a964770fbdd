import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

// Passwords of people (T1–T2) and of club members (U13), stored only as a memory-hard hash: scrypt,
// which Node ships (no native package to build). N = 2^14, r = 8 is 16 MiB a hash and about 40 ms of
// one core here: the cost a sign-in pays, chosen against U13's target (20 concurrent callers, p99 ≤
// 250 ms, docs/benchmarks.md). The parameters are stored in each hash, so raising them later leaves
// old hashes readable.
//
// scrypt runs on libuv's thread pool (never on the event loop); at most PASSWORD_HASH_CONCURRENCY
// hashes run at once (by default one fewer than the cores), so a sign-in burst queues here instead
// of taking every pool thread from file and DNS work, and every core from the other requests.

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const PREFIX = 'scrypt';

let slots = Math.max(1, availableParallelism() - 1);
let running = 0;

/** How many hashes may run at once (the server sets it from its configuration at start). */
export function setHashConcurrency(n: number): void {
  slots = Math.max(1, Math.floor(n));
}
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  return withSlot(
    () =>
      new Promise((resolve, reject) => {
        // maxmem: scrypt needs 128 × N × r bytes; Node's default cap (32 MiB) is too close.
        scrypt(password.normalize('NFC'), salt, length, { N: n, r, p, maxmem: 256 * n * r }, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64 parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P, KEY_LENGTH);
  return [PREFIX, N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

// Checked against when there is no stored hash, so an unknown name costs what a wrong password does.
let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`; with no stored hash (an unknown person or member), a decoy
 * hash is checked instead and the answer is false, in the same time as a wrong password.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    decoy ??= hashPassword(randomBytes(12).toString('base64'));
    const fake = parse(await decoy)!;
    await derive(password, fake.salt, fake.n, fake.r, fake.p, fake.key.length);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.n, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

function parse(stored: string): { n: number; r: number; p: number; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![n, r, p].every((v) => Number.isInteger(v) && v > 0)) return null;
  const key = Buffer.from(parts[5]!, 'base64');
  return key.length === 0 ? null : { n, r, p, salt: Buffer.from(parts[4]!, 'base64'), key };
}
