import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import).
const ARGON2ID = 2;

/** argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1); hashing runs off the event loop. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
