import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
/** A self-signed certificate for 127.0.0.1, made for this push service only (valid 100 years). */
const CERT = fs.readFileSync(path.join(FIXTURES, 'push-service-cert.pem'));
const KEY = fs.readFileSync(path.join(FIXTURES, 'push-service-key.pem'));

/** An https agent that trusts this push service's certificate (and nothing else). */
export const pushServiceAgent = () => new https.Agent({ ca: CERT });

/** One notification the service received, decrypted with the browser's keys. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload. */
  plaintext: string;
  /** The VAPID JWT's claims, after its ES256 signature was checked against `k`. */
  vapid: { publicKey: string; claims: { aud: string; exp: number; sub: string } };
}

/** A browser's side of a subscription: its key pair and auth secret, as pushManager makes them. */
export class TestBrowser {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  /** PushSubscription.toJSON(). */
  subscription() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: {
        p256dh: this.ecdh.getPublicKey().toString('base64url'),
        auth: this.auth.toString('base64url'),
      },
    };
  }

  /** RFC 8291 (aes128gcm, one record): what the browser does with a push message's body. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const keyIdLength = body[20]!;
    const senderPublicKey = body.subarray(21, 21 + keyIdLength);
    const record = body.subarray(21 + keyIdLength);
    if (record.length > recordSize) throw new Error('more than one record');
    const ecdhSecret = this.ecdh.computeSecret(senderPublicKey);
    const keyInfo = Buffer.concat([
      Buffer.from('WebPush: info\0'),
      this.ecdh.getPublicKey(),
      senderPublicKey,
    ]);
    const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    // The last record ends with the delimiter 0x02, then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('no last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

/** Checks `vapid t=<JWT>, k=<key>`: the JWT's ES256 signature by the key, and returns both. */
function checkVapid(authorization: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  const publicKey = match[2]!;
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID JWT is not signed by its key');
  return { publicKey, claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) };
}

/**
 * A push service on https://127.0.0.1: it takes web-push's POSTs, decrypts each with the
 * browser its path belongs to, and answers 201 (or what `answer` says for a path, such as 410).
 */
export class TestPushService {
  readonly received: ReceivedPush[] = [];
  readonly failures: Error[] = [];
  private readonly browsers = new Map<string, TestBrowser>();
  private readonly answers = new Map<string, number>();
  private waiters: (() => void)[] = [];
  private server: https.Server | undefined;
  origin = '';

  async start(): Promise<void> {
    this.server = https.createServer({ cert: CERT, key: KEY }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const urlPath = req.url ?? '';
        try {
          const browser = this.browsers.get(urlPath);
          if (!browser) throw new Error(`no browser at ${urlPath}`);
          this.received.push({
            path: urlPath,
            headers: req.headers,
            plaintext: browser.decrypt(Buffer.concat(chunks)),
            vapid: checkVapid(req.headers.authorization),
          });
          res.writeHead(this.answers.get(urlPath) ?? 201).end();
        } catch (error) {
          this.failures.push(error as Error);
          res.writeHead(400).end();
        }
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new browser subscribed at this service. */
  browser(): TestBrowser {
    const urlPath = `/push/${randomBytes(8).toString('hex')}`;
    const browser = new TestBrowser(`${this.origin}${urlPath}`);
    this.browsers.set(urlPath, browser);
    return browser;
  }

  /** From now on, answer pushes to `browser` with `status` (410: the subscription is gone). */
  answer(browser: TestBrowser, status: number): void {
    this.answers.set(new URL(browser.endpoint).pathname, status);
  }

  /** The pushes `browser` has received. */
  to(browser: TestBrowser): ReceivedPush[] {
    const urlPath = new URL(browser.endpoint).pathname;
    return this.received.filter((p) => p.path === urlPath);
  }

  /** Waits (up to 5 s) until `browser` has received `count` pushes. */
  async waitFor(browser: TestBrowser, count: number): Promise<ReceivedPush[]> {
    const done = () => this.to(browser).length >= count || this.failures.length > 0;
    if (!done()) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for push ${count} to ${browser.endpoint}`)),
          5_000,
        );
        const check = () => {
          if (done()) {
            clearTimeout(timer);
            resolve();
          } else this.waiters.push(check);
        };
        this.waiters.push(check);
      });
    }
    if (this.failures.length > 0) throw this.failures[0];
    return this.to(browser);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
