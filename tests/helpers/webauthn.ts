import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for HTTP tests: an EC P-256 key answering WebAuthn's registration ('none'
 * attestation) and authentication as a browser with a platform authenticator would, the
 * authenticator data and client data built by hand (WebAuthn §6.1, §6.5, §5.8.1).
 */

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** UP (user present) and UV (user verified); AT (attested credential data) on registration. */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}

export interface RequestOptions {
  challenge: string;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter the next answer carries (0 stays 0: authenticators without one). */
  counter: number;
  userHandle = '';

  constructor(private readonly rp: { id: string; origin: string }, { counter = 1, userVerified = true } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
    this.counter = counter;
    this.userVerified = userVerified;
  }

  userVerified: boolean;

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(extra = 0): number {
    return FLAG_UP | (this.userVerified ? FLAG_UV : 0) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.rp.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to `navigator.credentials.create()` with these options, as JSON. */
  register(options: CreationOptions, { origin }: { origin?: string } = {}) {
    this.userHandle = options.user.id;
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([this.flags(FLAG_AT)]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestation = new Map<string, string | Map<string, string> | Uint8Array>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    return this.answer({ clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ['internal'] });
  }

  /** The browser's answer to `navigator.credentials.get()` with these options, as JSON; the counter moves on. */
  authenticate(options: RequestOptions, { origin, rpId = this.rp.id }: { origin?: string; rpId?: string } = {}) {
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([this.flags()]), counterBytes(this.counter)]);
    if (this.counter > 0) this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return this.answer({ clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature), userHandle: this.userHandle || undefined });
  }

  /** A credential's answer as the browser's JSON wraps `response`. */
  private answer<Response>(response: Response) {
    return { id: this.id, rawId: this.id, type: 'public-key' as const, clientExtensionResults: {}, authenticatorAttachment: 'platform' as const, response };
  }
}
