import { hash } from '@node-rs/argon2';

/** argon2id with at least OWASP's minimum cost (19 MiB, 2 passes). */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A new password's stored hash: agents' own and the operator's command line. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}
