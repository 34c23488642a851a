import crypto from 'node:crypto';

/**
 * A software WebAuthn authenticator for the tests: ES256 keys from node:crypto, "none" attestation,
 * discoverable credentials, answers in the JSON shape @simplewebauthn/browser hands the server. What a
 * browser would put in clientDataJSON (the origin, the challenge) can be set wrong on purpose.
 */
const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest();

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
type Cbor = number | string | Buffer | Map<number | string, Cbor>;
function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };
/** What the test may set wrong: the page's origin, the challenge, the user-verification flag. */
export type Tamper = { origin?: string; challenge?: string; userVerified?: boolean; rpId?: string };

export function softwareAuthenticator(appOrigin: string) {
  const credentials = new Map<
    string,
    { privateKey: crypto.KeyObject; rpId: string; userHandle: string; counter: number }
  >();

  const clientData = (type: string, challenge: string, tamper: Tamper) =>
    Buffer.from(
      JSON.stringify({
        type,
        challenge: tamper.challenge ?? challenge,
        origin: tamper.origin ?? appOrigin,
        crossOrigin: false,
      }),
    );

  const flags = (tamper: Tamper, extra = 0) =>
    FLAG_USER_PRESENT | (tamper.userVerified === false ? 0 : FLAG_USER_VERIFIED) | extra;

  return {
    /** navigator.credentials.create(): a new ES256 credential for the options' relying party. */
    create(options: CreationOptions, tamper: Tamper = {}) {
      const rpId = tamper.rpId ?? options.rp.id!;
      const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const credentialId = crypto.randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(tamper, FLAG_ATTESTED_DATA)]),
        Buffer.alloc(4), // sign count 0
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const id = b64url(credentialId);
      credentials.set(id, { privateKey, rpId, userHandle: options.user.id, counter: 0 });
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, tamper)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** navigator.credentials.get() with credential `id` (a discoverable one: no allow list needed). */
    get(id: string, options: RequestOptions, tamper: Tamper = {}) {
      const credential = credentials.get(id);
      if (!credential) throw new Error(`no credential ${id}`);
      credential.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(credential.counter);
      const authData = Buffer.concat([sha256(tamper.rpId ?? credential.rpId), Buffer.from([flags(tamper)]), counter]);
      const data = clientData('webauthn.get', options.challenge, tamper);
      const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
