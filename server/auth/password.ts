/**
 * Password hashing with argon2id at OWASP's minimum (m=19 MiB, t=2, p=1), replacing
 * better-auth's default scrypt parameters, which are below it (docs/product.md).
 */
import { hash, verify } from "@node-rs/argon2";

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes to a PHC string ($argon2id$v=19$m=19456,t=2,p=1$...). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches the PHC string `hashed`; false for any malformed hash. */
export async function verifyPassword({ hash: hashed, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
