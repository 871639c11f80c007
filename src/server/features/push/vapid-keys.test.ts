import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { resolveVapidKeys, VAPID_KEYS_FILE } from './vapid-keys';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('uses VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, and writes nothing', () => {
    const dir = tempDir();
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:desk@example.com',
    });
    expect(config.vapid.subject).toBe('mailto:desk@example.com');
    expect(resolveVapidKeys(config.vapid, config.dataDir)).toEqual(keys);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('generates a pair into DATA_DIR on first start (owner-only) and keeps it', () => {
    const dir = path.join(tempDir(), 'not-yet-made');
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveVapidKeys(config.vapid, config.dataDir);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(dir, VAPID_KEYS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveVapidKeys(config.vapid, config.dataDir)).toEqual(first);
    expect(fs.readdirSync(dir)).toEqual([VAPID_KEYS_FILE]);
  });

  it('refuses a damaged key file rather than replacing the pair browsers subscribed with', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), '{"publicKey":');
    const config = loadConfig({ DATA_DIR: dir });
    expect(() => resolveVapidKeys(config.vapid, config.dataDir)).toThrow(/is not a VAPID key pair/);
  });

  it('asks for both keys or neither, in their own shapes', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither']),
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY: a P-256 public key/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://desk.example' })).toThrow(
      /VAPID_SUBJECT: a mailto: address or an https:\/\/ URL/,
    );
  });

  it('names the site as the subject when it is https, else a mailto: nobody reads', () => {
    const https = loadConfig({
      PUBLIC_URL: 'https://desk.example',
      HOST: '127.0.0.1',
      DEV_SIGN_IN: 'on',
    });
    expect(https.vapid.subject).toBe('https://desk.example');
    expect(loadConfig({}).vapid.subject).toBe('mailto:webpush@localhost.invalid');
  });
});
