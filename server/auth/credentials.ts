import { createHash, randomBytes } from 'node:crypto';
import { hash, verify, type Options as Argon2Options } from '@node-rs/argon2';
import { z } from 'zod';
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN, ADMIN_USERNAME_MAX, ADMIN_USERNAME_MIN } from '../../shared/admin-auth';

/** Argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS: Argon2Options = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const adminUsernameSchema = z
  .string()
  .trim()
  .min(ADMIN_USERNAME_MIN, `Usernames need at least ${ADMIN_USERNAME_MIN} characters.`)
  .max(ADMIN_USERNAME_MAX, `Usernames have at most ${ADMIN_USERNAME_MAX} characters.`)
  .regex(/^[\w.@-]+$/, 'Usernames may hold letters, digits and . _ @ - only.');
export const adminPasswordSchema = z
  .string()
  .min(ADMIN_PASSWORD_MIN, `Passwords need at least ${ADMIN_PASSWORD_MIN} characters.`)
  .max(ADMIN_PASSWORD_MAX, `Passwords have at most ${ADMIN_PASSWORD_MAX} characters.`);

/** SHA-256 of a cookie's token (session id or device token): what the database stores and looks it up by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe: what a session or device cookie (or a one-time link) carries. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export const TOKEN_PATTERN = /^[\w-]{43}$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Whether `password` hashes to `passwordHash`; a malformed hash matches nothing. */
export function passwordFits(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** Random password for a generated first admin: 24 characters, about 143 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The stored hash of an account with no password yet: a well-formed Argon2id hash (the column
 * accepts nothing else) whose output is all zero bytes. Finding a password that hashes to it is
 * as hard as inverting Argon2, so nothing signs in until a password is set, and a sign-in checks
 * it at a real hash's cost. Its salt spells "no password yet!".
 */
export const NO_PASSWORD_HASH = `$argon2id$v=19$m=19456,t=2,p=1$bm8gcGFzc3dvcmQgeWV0IQ$${'A'.repeat(43)}`;
