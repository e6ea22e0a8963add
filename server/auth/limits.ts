/**
 * Rate limits of sign-in and password-reset requests, shared by every app instance through the
 * `rate_limits` table (rate-limiter-flexible's RateLimiterDrizzle: one atomic upsert per count,
 * on PGlite and on a PostgreSQL server alike). docs/decisions/0011-rate-limits.md explains the
 * design; docs/security.md ("Rate limits") lists the numbers.
 *
 * Three limits guard each attempt, keyed by the account (the email, any case) and the client
 * address (server/http/client-address.ts; IPv6 counted per /64, what one subscriber gets):
 * - per client address, strict: a fixed number of attempts per window, on any accounts;
 * - per account and address, strict: what one address may try on one account;
 * - per account alone, a progressive delay rather than a lock: after a few free attempts, each
 *   attempt on the account must wait a growing delay (doubling, capped at a short wait) after the
 *   one before. An attacker can slow an account this way but never lock its owner out; and an
 *   address the owner has signed in from lately skips the delay altogether.
 * Sign-in counts failures: a success clears its account+address count and gives back its points.
 * Keys are keyed hashes (HMAC-SHA-256 with the app secret), so the table holds no email or address.
 */
import { createHmac } from "node:crypto";
import { lt } from "drizzle-orm";
import type { BetterAuthRateLimitOptions } from "better-auth";
import ipaddr from "ipaddr.js";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { TooManyRequestsError } from "../errors";
import { log } from "../log";
import { countLabel } from "../../shared/format";

/** The requests guarded: sign-in with a password, and asking for a reset link. */
export type AttemptKind = "login" | "reset";

/** The numbers of one kind of request. Durations are in seconds. */
export interface AttemptPolicy {
  /** Strict: attempts from one client address, on any accounts, per window. */
  perAddress: { points: number; seconds: number };
  /** Strict: attempts on one account from one client address, per window. */
  perAccountAddress: { points: number; seconds: number };
  /**
   * Progressive: `free` attempts on the account per `seconds` go straight through; after them
   * each attempt waits after the one before it `firstDelay`, then twice as long each time, at
   * most `maxDelay`.
   */
  perAccount: { free: number; seconds: number; firstDelay: number; maxDelay: number };
}

export interface LimitsPolicy {
  login: AttemptPolicy;
  reset: AttemptPolicy;
  /** How long an address the account signed in from skips the account's delay (seconds). */
  knownAddressSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** The production numbers (docs/security.md, "Rate limits"). */
export const DEFAULT_LIMITS_POLICY: LimitsPolicy = {
  login: {
    perAddress: { points: 30, seconds: 15 * MINUTE },
    perAccountAddress: { points: 10, seconds: 15 * MINUTE },
    perAccount: { free: 5, seconds: 15 * MINUTE, firstDelay: 1, maxDelay: 30 },
  },
  reset: {
    perAddress: { points: 10, seconds: HOUR },
    perAccountAddress: { points: 5, seconds: HOUR },
    perAccount: { free: 3, seconds: HOUR, firstDelay: 15, maxDelay: 60 },
  },
  knownAddressSeconds: 30 * 24 * HOUR,
};

/** Who an attempt is from: the account (email as typed; null when the request names none) and the client address. */
export interface Attempter {
  account: string | null;
  address: string;
}

type BetterAuthRateLimitStorage = NonNullable<BetterAuthRateLimitOptions["customStorage"]>;

export interface AuthLimits {
  /**
   * Runs `attempt` (a sign-in or a reset request) under the limits of `kind` for `who`.
   * `succeeded(result)` tells whether a sign-in worked (a thrown error is a failure); reset
   * requests leave it out, so every one counts. Throws TooManyRequestsError (429, code
   * "too_many_attempts", retryAfter in seconds) without running `attempt` when a limit is reached;
   * rethrows what `attempt` throws.
   */
  guard<T>(kind: AttemptKind, who: Attempter, attempt: () => Promise<T>, succeeded?: (result: T) => boolean): Promise<T>;
  /** better-auth's rate-limit storage for its other endpoints (sign-up, reset, ...), on the same table. */
  readonly betterAuthStorage: BetterAuthRateLimitStorage;
  /** Stops the clean-up timer. */
  close(): void;
}

/** The message of a refused attempt: "Too many attempts. Try again in N seconds." */
export function tooManyAttempts(seconds: number): TooManyRequestsError {
  return new TooManyRequestsError(`Too many attempts. Try again in ${countLabel(seconds, "second")}.`, seconds, "too_many_attempts");
}

/** Whole seconds to wait, at least 1, from a rate-limiter-flexible answer's milliseconds. */
function secondsOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * The address as limits count it: IPv4 as is, IPv6 by its /64 network (one subscriber usually
 * holds a whole /64), an IPv4-mapped IPv6 address as its IPv4 address; anything else as is.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

/**
 * Bookkeeping that must not turn an answer into an error (giving points back after a success or
 * a refusal): a store error is logged and the count stays as it was, a little stricter.
 */
async function bestEffort(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (err) {
    log().warn({ err }, "rate-limit bookkeeping failed");
  }
}

/** Rejections of rate-limiter-flexible are RateLimiterRes; anything else is a store error. */
async function tryConsume(limiter: RateLimiterDrizzle, key: string, options?: { customDuration: number }): Promise<RateLimiterRes | null> {
  try {
    await limiter.consume(key, 1, options);
    return null;
  } catch (err) {
    if (err instanceof RateLimiterRes) return err;
    throw err;
  }
}

const CLEAN_UP_EVERY_MS = 5 * 60_000;
/** Rows are kept an hour past their window, so instances whose clocks differ a little agree. */
const KEEP_EXPIRED_MS = 60 * 60_000;
const UNLIMITED = 1_000_000_000;

/**
 * Creates the limits on `db` (the `rate_limits` table). `secret` keys the hashes of emails and
 * addresses; `policy` the numbers (tests shorten them). Starts a timer (unref'd) that deletes
 * expired rows every 5 minutes; `close()` stops it.
 */
export function createAuthLimits(db: Db, secret: string, policy: LimitsPolicy = DEFAULT_LIMITS_POLICY): AuthLimits {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points, duration, clearExpiredByTimeout: false });
  const hash = (...parts: string[]) => createHmac("sha256", secret).update(parts.join("\n")).digest("base64url");

  const limitersOf = (kind: AttemptKind, p: AttemptPolicy) => ({
    address: limiter(`${kind}_address`, p.perAddress.points, p.perAddress.seconds),
    pair: limiter(`${kind}_account_address`, p.perAccountAddress.points, p.perAccountAddress.seconds),
    free: limiter(`${kind}_account_free`, p.perAccount.free, p.perAccount.seconds),
    // One attempt per gate window; each delayed attempt opens a window as long as its delay.
    gate: limiter(`${kind}_account_gate`, 1, p.perAccount.maxDelay),
    delayed: limiter(`${kind}_account_delayed`, UNLIMITED, p.perAccount.seconds),
  });
  const limiters = { login: limitersOf("login", policy.login), reset: limitersOf("reset", policy.reset) };
  const known = limiter("login_known_address", UNLIMITED, policy.knownAddressSeconds);
  const betterAuthPaths = limiter("better_auth", UNLIMITED, 60);

  /** The delay before the n-th delayed attempt's successor (n from 1), in seconds. */
  const delayOf = (p: AttemptPolicy, n: number) => Math.min(p.perAccount.maxDelay, p.perAccount.firstDelay * 2 ** Math.min(n - 1, 30));

  /**
   * The account's progressive delay: `{ free }` when this attempt may go now (one of the free
   * attempts, or taking the account's next slot), else `{ waitMs }`, the milliseconds to wait.
   * Atomic across instances: of attempts racing for one slot, the gate's upsert lets exactly one through.
   */
  async function passGate(kind: AttemptKind, accountKey: string): Promise<{ free: boolean } | { waitMs: number }> {
    const l = limiters[kind];
    if (!(await tryConsume(l.free, accountKey))) return { free: true };
    const open = await l.gate.get(accountKey);
    if (open && open.consumedPoints >= 1 && open.msBeforeNext > 0) return { waitMs: open.msBeforeNext };
    const before = await l.delayed.get(accountKey);
    const delay = delayOf(policy[kind], (before?.consumedPoints ?? 0) + 1);
    const taken = await l.gate.penalty(accountKey, 1, { customDuration: delay });
    if (taken.consumedPoints !== 1) return { waitMs: taken.msBeforeNext };
    await l.delayed.penalty(accountKey);
    return { free: false };
  }

  function refuse(kind: AttemptKind, limit: string, ms: number): never {
    const seconds = secondsOf(ms);
    log().info({ event: "rate_limit.refused", kind, limit, retryAfter: seconds }, "attempt refused by a rate limit");
    throw tooManyAttempts(seconds);
  }

  const cleanUp = setInterval(() => {
    db.delete(rateLimits)
      .where(lt(rateLimits.expire, new Date(Date.now() - KEEP_EXPIRED_MS)))
      .catch((err: unknown) => log().warn({ err }, "deleting expired rate-limit rows failed"));
  }, CLEAN_UP_EVERY_MS);
  cleanUp.unref();

  return {
    async guard(kind, who, attempt, succeeded) {
      const l = limiters[kind];
      const address = hash("address", addressKey(who.address));
      const email = who.account?.trim().toLowerCase() || null;
      const account = email ? hash("account", email) : null;
      const pair = email ? hash("account+address", email, addressKey(who.address)) : null;

      const byAddress = await tryConsume(l.address, address);
      if (byAddress) refuse(kind, "address", byAddress.msBeforeNext);
      let free = false;
      if (account && pair) {
        const byPair = await tryConsume(l.pair, pair);
        if (byPair) {
          await bestEffort(() => l.address.reward(address));
          refuse(kind, "account_address", byPair.msBeforeNext);
        }
        const trusted = kind === "login" && (await known.get(pair)) !== null;
        if (!trusted) {
          const gate = await passGate(kind, account);
          if ("waitMs" in gate) {
            // Only attempts that are let through count against the strict limits.
            await bestEffort(() => Promise.all([l.address.reward(address), l.pair.reward(pair)]));
            refuse(kind, "account_delay", gate.waitMs);
          }
          free = gate.free;
        }
      }

      const result = await attempt();
      if (succeeded?.(result)) {
        // A sign-in worked: its attempt was no failure, and the address is now known for the account.
        await bestEffort(() =>
          Promise.all([
            l.address.reward(address),
            pair ? l.pair.delete(pair) : null,
            pair ? known.set(pair, 1, policy.knownAddressSeconds) : null,
            free && account ? l.free.reward(account) : null,
          ]),
        );
      }
      return result;
    },

    betterAuthStorage: {
      async consume(key, rule) {
        // better-auth's key is "<client address>|<path>"; its rule the window (seconds) and max.
        const res = await betterAuthPaths.consume(hash("better-auth", key), 1, { customDuration: rule.window });
        if (res.consumedPoints <= rule.max) return { allowed: true, retryAfter: null };
        return { allowed: false, retryAfter: secondsOf(res.msBeforeNext) };
      },
    },

    close() {
      clearInterval(cleanUp);
    },
  };
}
