// Password hashing: argon2id at OWASP ASVS level-2 strength (19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id, a const enum that verbatimModuleSyntax cannot import.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against a real hash when the username is unknown keeps the answer time the
// same for both cases, so timing does not tell which usernames exist.
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  if (passwordHash === undefined) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await verify(await decoy, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
