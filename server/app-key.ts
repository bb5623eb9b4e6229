import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config';

/**
 * The application key: it encrypts the secrets the database keeps (the SMTP password, two-factor
 * secrets), so a dump of the database alone does not yield them (docs/decisions/secrets.md).
 *
 * A key is 32 random bytes written in base64. `APP_KEY` (or, on the embedded database, the
 * `app-key` file in the data folder) holds one key or several separated by commas: the first
 * encrypts, every one decrypts, which is how a key is rotated (`npm run admin -- rotate-key`).
 *
 * A sealed value reads `enc1:<key id>:<nonce>:<ciphertext>:<tag>` (base64url): AES-256-GCM from
 * node:crypto with a random 96-bit nonce per value, the key id naming the key that opens it, and the
 * header and the value's purpose (such as `totp:12`) authenticated with it, so a value changed, or
 * copied to another row or column, fails to open instead of yielding something else.
 *
 * The same keys also sign what the site must be able to tell it made (a backup's manifest): for
 * each purpose, an HMAC-SHA-256 key is derived from every key of the keyring with HKDF, so a
 * signature reads `mac1:<key id>:<HMAC>` and, like a sealed value, names the key that checks it.
 */

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'enc1';
const SIGNATURE_FORMAT = 'mac1';

/** The file holding the embedded database's key, inside its data folder. */
export const APP_KEY_FILE = 'app-key';

export class SecretError extends Error {}

/** What each sealed secret or signature is for: sealed or signed with its purpose, it is good only where it belongs. */
export const secretPurpose = {
  /** An account's TOTP secret (`admin_users.totp_secret`). */
  totp: (adminUserId: number) => `totp:${adminUserId}`,
  /** The SMTP password saved in Settings. */
  smtpPassword: 'smtp.password',
  /** The password of the agency's mailbox saved in Settings. */
  imapPassword: 'imap.password',
  /** The signature of a backup's manifest (server/backup/archive.ts). */
  backupManifest: 'backup.manifest',
} as const;

/**
 * The keyring's keys derived for signing with one purpose: they sign and check signatures of that
 * purpose and open nothing, so they can be handed to a child process that only needs to sign.
 * Plain data (it crosses a process boundary).
 */
export interface SigningKeys {
  /** The key that signs: the one derived from the keyring's first key. */
  currentKeyId: string;
  /** By the id of the application key each was derived from: a 32-byte HMAC key in base64. */
  keys: Record<string, string>;
}

export interface Keyring {
  /** The id of the key new values are sealed with (the first one). */
  readonly currentKeyId: string;
  readonly keyIds: readonly string[];
  /** Encrypts `plain` for `purpose` (the same purpose must be given to open it). */
  seal(plain: string, purpose: string): string;
  /** Decrypts a sealed value; throws a `SecretError` when it was changed, belongs elsewhere or its key is missing. */
  open(sealed: string, purpose: string): string;
  /** True when `value` is not sealed with the current key (in clear, or under an older key). */
  needsResealing(value: string): boolean;
  /** The HMAC keys for `purpose`, derived from every key (see {@link SigningKeys}). */
  signingKeys(purpose: string): SigningKeys;
}

/** A keyring for code that was given none: every use fails with a clear error. */
export const NO_KEYRING: Keyring = {
  currentKeyId: 'none',
  keyIds: [],
  seal: () => {
    throw new SecretError('the application key is not loaded here');
  },
  open: () => {
    throw new SecretError('the application key is not loaded here');
  },
  needsResealing: () => false,
  signingKeys: () => {
    throw new SecretError('the application key is not loaded here');
  },
};

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** A key's id: the start of its SHA-256, enough to tell a keyring's few keys apart and reveal nothing. */
function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** True when a stored value is a sealed one (anything else is a secret from before encryption). */
export function isSealed(value: string): boolean {
  return value.startsWith(`${FORMAT}:`);
}

/** A new key, as `APP_KEY` and the key file write it. */
export function newAppKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

/** The keys of an `APP_KEY` value (one or more base64 keys of 32 bytes, separated by commas); throws a `SecretError` naming what is wrong. */
export function parseAppKeys(text: string): Buffer[] {
  const parts = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) throw new SecretError('must hold at least one key');
  return parts.map((part, index) => {
    const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(part) ? Buffer.from(part, 'base64') : Buffer.alloc(0);
    if (key.length !== KEY_BYTES) throw new SecretError(`key ${index + 1} must be ${KEY_BYTES} bytes in base64 (make one with: npm run admin -- new-key)`);
    return key;
  });
}

export function createKeyring(keys: Buffer[]): Keyring {
  if (keys.length === 0) throw new SecretError('a keyring needs a key');
  const byId = new Map(keys.map((key) => [keyIdOf(key), key]));
  const currentKeyId = keyIdOf(keys[0]!);
  const additionalData = (keyId: string, purpose: string) => Buffer.from(`${FORMAT}:${keyId}:${purpose}`, 'utf8');

  return {
    currentKeyId,
    keyIds: [...byId.keys()],
    seal(plain, purpose) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv(ALGORITHM, byId.get(currentKeyId)!, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData(currentKeyId, purpose));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, currentKeyId, b64url(nonce), b64url(ciphertext), b64url(cipher.getAuthTag())].join(':');
    },
    open(sealed, purpose) {
      const [format, keyId, nonce, ciphertext, tag, ...rest] = sealed.split(':');
      if (format !== FORMAT || !keyId || nonce === undefined || ciphertext === undefined || tag === undefined || rest.length > 0) throw new SecretError('not a sealed value');
      const key = byId.get(keyId);
      if (!key) throw new SecretError(`sealed with key ${keyId}, which the application key does not hold (was the key rotated without keeping the old one?)`);
      const nonceBytes = Buffer.from(nonce, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (nonceBytes.length !== NONCE_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretError('a sealed value is damaged');
      const decipher = createDecipheriv(ALGORITHM, key, nonceBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData(keyId, purpose));
      decipher.setAuthTag(tagBytes);
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretError('a sealed value was changed or belongs elsewhere');
      }
    },
    needsResealing: (value) => sealedKeyId(value) !== currentKeyId,
    signingKeys(purpose) {
      const derived = (key: Buffer) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `${SIGNATURE_FORMAT}:${purpose}`, KEY_BYTES)).toString('base64');
      return { currentKeyId, keys: Object.fromEntries([...byId].map(([id, key]) => [id, derived(key)])) };
    },
  };
}

/** The id of the key a sealed value was sealed with (null for a value that is not sealed). */
export function sealedKeyId(value: string): string | null {
  return isSealed(value) ? (value.split(':')[1] ?? null) : null;
}

function hmacOf(key: string, data: Buffer): Buffer {
  return createHmac('sha256', Buffer.from(key, 'base64')).update(data).digest();
}

/** Signs `data` with the current signing key: `mac1:<key id>:<HMAC-SHA-256 in base64url>`. */
export function sign(keys: SigningKeys, data: Buffer): string {
  return [SIGNATURE_FORMAT, keys.currentKeyId, b64url(hmacOf(keys.keys[keys.currentKeyId]!, data))].join(':');
}

/** What {@link checkSignature} found. */
export type SignatureCheck = { result: 'valid' } | { result: 'invalid' } | { result: 'unknown-key'; keyId: string };

/**
 * Checks a signature made by {@link sign}: `valid`; `unknown-key` when it names a key these keys do
 * not hold (it was made with another application key); `invalid` when the data or the signature
 * changed, or it is no signature.
 */
export function checkSignature(keys: SigningKeys, data: Buffer, signature: string): SignatureCheck {
  const [format, keyId, mac, ...rest] = signature.trim().split(':');
  if (format !== SIGNATURE_FORMAT || !keyId || !mac || rest.length > 0) return { result: 'invalid' };
  const key = Object.hasOwn(keys.keys, keyId) ? keys.keys[keyId] : undefined;
  if (!key) return { result: 'unknown-key', keyId };
  const given = Buffer.from(mac, 'base64url');
  const expected = hmacOf(key, data);
  return { result: given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'invalid' };
}

/** Where the keys came from, for the start-up log line. */
export type KeySource = 'environment' | 'data folder' | 'data folder (generated now)';

/** Reads a key file, making it owner-only should someone have widened its permissions. */
function readKeyFile(file: string): string {
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return fs.readFileSync(file, 'utf8');
}

/**
 * Writes the key file in one step (a temporary file renamed over it), owner-only, so a crash
 * leaves either the old keys or the new ones, never half a file.
 */
export function writeKeyFile(dataDir: string, keys: string[]): void {
  const file = path.join(dataDir, APP_KEY_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${keys.join(',')}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/**
 * The application key in force: `APP_KEY` when set; otherwise, on the embedded database, the key
 * file in the data folder, generated on the first start. A PostgreSQL deployment must set
 * `APP_KEY`: its instances keep nothing on disk, and a key stored in the database would be in the
 * very dump it is meant to protect.
 */
export function loadKeyring({ appKey, databaseUrl, dataDir }: { appKey?: string; databaseUrl?: string; dataDir: string }): { keyring: Keyring; source: KeySource } {
  if (appKey) {
    try {
      return { keyring: createKeyring(parseAppKeys(appKey)), source: 'environment' };
    } catch (error) {
      throw new ConfigError(`Invalid configuration: APP_KEY ${(error as Error).message}`);
    }
  }
  if (databaseUrl) {
    throw new ConfigError(
      'Invalid configuration: APP_KEY must be set with DATABASE_URL. It encrypts the SMTP password and two-factor secrets, and every instance needs the same one. ' +
        'Make one with `npm run admin -- new-key` and set it in every instance\'s environment.',
    );
  }
  const file = path.join(dataDir, APP_KEY_FILE);
  let source: KeySource = 'data folder';
  let text: string;
  try {
    text = readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      // `wx`: created only if still missing, so two processes starting together keep one key.
      fs.writeFileSync(file, `${newAppKey()}\n`, { mode: 0o600, flag: 'wx' });
      source = 'data folder (generated now)';
    } catch (raced) {
      if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
    }
    text = readKeyFile(file);
  }
  try {
    return { keyring: createKeyring(parseAppKeys(text)), source };
  } catch (error) {
    throw new ConfigError(`The application key file ${file} ${(error as Error).message}`);
  }
}
