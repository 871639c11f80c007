import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { VapidSettings } from '../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Where keys generated for an instance without VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are kept. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

const storedKeysSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/**
 * The configured key pair, else the one in DATA_DIR/vapid-keys.json, made there on first start.
 * The file is written whole under a temporary name and linked into place, so two processes
 * starting together agree on one pair. Browsers' subscriptions are bound to the key: a new pair
 * makes every stored subscription fail (the push service answers 403), so the file is kept.
 */
export function resolveVapidKeys(settings: VapidSettings, dataDir: string): VapidKeys {
  if (settings.keys) return settings.keys;
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const read = (): VapidKeys | undefined => {
    try {
      return storedKeysSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`${file} is not a VAPID key pair: fix or remove it`, { cause: error });
    }
  };
  const existing = read();
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  // Whoever linked first won; everyone uses that pair.
  return read()!;
}
