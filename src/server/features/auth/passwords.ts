import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MIN_LENGTH } from '../../../shared/limits.js';

/** argon2id with OWASP's recommended minimum: 19 MiB, 2 iterations, parallelism 1. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A stored hash made with weaker parameters (or another algorithm) should be replaced at the next login. */
export function needsRehash(stored: string): boolean {
  const match = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!match) return true;
  const [, memory, time, parallelism] = match.map(Number);
  return (
    memory! < ARGON2_OPTIONS.memoryCost ||
    time! < ARGON2_OPTIONS.timeCost ||
    parallelism! !== ARGON2_OPTIONS.parallelism
  );
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// A real hash of a random password: verifying against it costs what verifying a real account costs,
// so an unknown e-mail answers in the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
}

const require = createRequire(import.meta.url);
let common: Set<string> | undefined;

/** True for a password on the bundled list of ~49,000 common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: { passwords: string[] } };
    common = new Set(dictionary.passwords.filter((entry) => entry.length >= PASSWORD_MIN_LENGTH));
  }
  return common.has(password.toLowerCase());
}
