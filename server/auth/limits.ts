/**
 * Attempt limits for the account screens (brute-force guard): at most `points` login attempts per
 * email per `duration` seconds, and as many reset-link requests. rate-limiter-flexible's memory
 * store, so limits are per app instance (a shared store such as its Postgres or Drizzle limiter is
 * the step for several instances).
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../errors";

export interface AuthLimits {
  /** Counts one attempt for `key`; throws AppError 429 once the limit is reached. */
  consume(kind: "login" | "reset", key: string): Promise<void>;
}

export function createAuthLimits(options: { points?: number; duration?: number } = {}): AuthLimits {
  const make = () => new RateLimiterMemory({ points: options.points ?? 10, duration: options.duration ?? 60 });
  const limiters = { login: make(), reset: make() };
  return {
    async consume(kind, key) {
      try {
        await limiters[kind].consume(key.trim().toLowerCase());
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
          throw new AppError(429, "too_many_attempts", `Too many attempts. Please wait ${seconds} seconds and try again.`);
        }
        throw err;
      }
    },
  };
}
