import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_KEY_FILE, checkSignature, createKeyring, isSealed, loadKeyring, newAppKey, parseAppKeys, SecretError, sign } from './app-key';
import { ConfigError } from './config';

const keyringOf = (...keys: string[]) => createKeyring(parseAppKeys(keys.join(',')));

describe('the application key', () => {
  const [first, second] = [newAppKey(), newAppKey()];

  it('seals a secret so that only the keyring opens it, with a fresh nonce each time', () => {
    const keyring = keyringOf(first);
    const sealed = keyring.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed.split(':')[1]).toBe(keyring.currentKeyId);
    expect(keyring.seal('JBSWY3DPEHPK3PXP', 'totp:1')).not.toBe(sealed);
    expect(keyring.open(sealed, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => keyringOf(second).open(sealed, 'totp:1')).toThrow(/does not hold/);
  });

  it('refuses a value that was changed, or moved to another purpose', () => {
    const keyring = keyringOf(first);
    const sealed = keyring.seal('smtp password', 'smtp.password');
    const parts = sealed.split(':');
    const flipped = (text: string) => Buffer.from(Buffer.from(text, 'base64url').map((byte, index) => (index === 0 ? byte ^ 1 : byte))).toString('base64url');
    for (const index of [2, 3, 4]) {
      const tampered = parts.map((part, at) => (at === index ? flipped(part) : part)).join(':');
      expect(() => keyring.open(tampered, 'smtp.password')).toThrow(SecretError);
    }
    expect(() => keyring.open(sealed, 'totp:1')).toThrow(/changed or belongs elsewhere/);
    expect(() => keyring.open('JBSWY3DPEHPK3PXP', 'totp:1')).toThrow(/not a sealed value/);
  });

  it('rotates: the first key seals, the others still open, and values under them need resealing', () => {
    const old = keyringOf(first);
    const sealedOld = old.seal('secret', 'p');
    const rotated = keyringOf(second, first);
    expect(rotated.open(sealedOld, 'p')).toBe('secret');
    expect(rotated.needsResealing(sealedOld)).toBe(true);
    expect(rotated.needsResealing('in clear')).toBe(true);
    const resealed = rotated.seal(rotated.open(sealedOld, 'p'), 'p');
    expect(rotated.needsResealing(resealed)).toBe(false);
    expect(keyringOf(second).open(resealed, 'p')).toBe('secret');
  });

  it('signs with a key derived for the purpose from the first key, and checks with any key of the keyring', () => {
    const data = Buffer.from('{"tables":[]}');
    const keys = keyringOf(first).signingKeys('backup.manifest');
    // Derived, not the application key itself: what signs cannot open a sealed value.
    expect(Object.values(keys.keys)).not.toContain(first);
    const signature = sign(keys, data);
    expect(signature).toMatch(new RegExp(`^mac1:${keyringOf(first).currentKeyId}:[\\w-]{43}$`));
    expect(checkSignature(keys, data, signature)).toEqual({ result: 'valid' });
    expect(checkSignature(keyringOf(second, first).signingKeys('backup.manifest'), data, signature)).toEqual({ result: 'valid' });
    expect(checkSignature(keys, Buffer.from('{"tables":[1]}'), signature)).toEqual({ result: 'invalid' });
    expect(checkSignature(keyringOf(first).signingKeys('another purpose'), data, signature)).toEqual({ result: 'invalid' });
    expect(checkSignature(keyringOf(second).signingKeys('backup.manifest'), data, signature)).toEqual({ result: 'unknown-key', keyId: keyringOf(first).currentKeyId });
    for (const wrong of ['', 'mac1', `mac1:${keys.currentKeyId}`, `enc1:${keys.currentKeyId}:x`, 'mac1:__proto__:abc']) expect(checkSignature(keys, data, wrong).result).not.toBe('valid');
  });

  it('takes APP_KEY first, refuses a malformed one, and requires one with PostgreSQL', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-key-'));
    try {
      expect(loadKeyring({ appKey: first, databaseUrl: 'postgres://db/x', dataDir }).source).toBe('environment');
      expect(() => loadKeyring({ appKey: 'short', dataDir })).toThrow(ConfigError);
      expect(() => loadKeyring({ appKey: `${first},${first.slice(4)}`, dataDir })).toThrow(/APP_KEY key 2 must be 32 bytes/);
      expect(() => loadKeyring({ databaseUrl: 'postgres://db/x', dataDir })).toThrow(/APP_KEY must be set with DATABASE_URL/);
      expect(fs.existsSync(path.join(dataDir, APP_KEY_FILE))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on the embedded database, generates a key once into the data folder, readable by its owner only', () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'app-key-')), 'data');
    try {
      const generated = loadKeyring({ dataDir });
      expect(generated.source).toBe('data folder (generated now)');
      const file = path.join(dataDir, APP_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const sealed = generated.keyring.seal('secret', 'p');
      const again = loadKeyring({ dataDir });
      expect(again.source).toBe('data folder');
      expect(again.keyring.open(sealed, 'p')).toBe('secret');
      fs.chmodSync(file, 0o644);
      loadKeyring({ dataDir });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
