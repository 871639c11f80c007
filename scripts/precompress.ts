/**
 * Writes .br and .gz beside every compressible file of the built web app, so the server sends
 * compressed files (@fastify/static preCompressed) without compressing on each request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compresses the files of `root` (dist/web); says how many and how much smaller. */
export async function precompress(root: string): Promise<string> {
  let files = 0;
  let before = 0;
  let after = 0;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    const br = await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = await gzip(data, { level: 9 });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    files++;
    before += data.length;
    after += br.length;
  }
  return `precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`;
}
