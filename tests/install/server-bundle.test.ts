import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../support/server-process';

const root = path.resolve(import.meta.dirname, '../..');
/**
 * The bundle from the current sources, as `npm run build` makes it: the unit project's global
 * setup builds it when out of date (tests/setup/global-server-bundle.ts). Its operator commands
 * run from it in tests/cli.
 */
const BUNDLE = 'dist/server';

/** The bundle as `npm run serve` and the Docker image run it: plain node, no tsx. */
describe('the server bundle (dist/server)', { timeout: 180_000 }, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-bundle-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts on an empty folder (migrations, PGlite, the development sign-in) and says where, warning of nothing', async () => {
    // A port known before the start: the app asks its own development sign-in for its settings.
    const port = await freePort();
    const dataDir = tempDir();
    const child = spawn(process.execPath, [`${BUNDLE}/main.js`], {
      cwd: root,
      // NODE_ENV unset: a developer's machine, with the development sign-in and the API docs.
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        PRICE_API_URL: 'http://127.0.0.1:9/api/v3',
        BTC_EXPLORER_URL: 'http://127.0.0.1:9/api',
        TRON_API_URL: 'http://127.0.0.1:9',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`exit ${code}: ${stderr}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const listening = /AgentChat is running at .* \(listening on (http:\/\/[\d.:]+)/.exec(
          stdout,
        );
        if (listening) resolve(listening[1]!);
      });
    });
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const docs = await fetch(`${url}/api/openapi.json`);
    expect(docs.status).toBe(200);
    // Sign-in sets a cookie (@fastify/cookie imports `cookie` lazily) and sends the browser on
    // to the development sign-in.
    const signIn = await fetch(`${url}/api/login`, { redirect: 'manual' });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get('location')).toMatch(
      new RegExp(`^http://localhost:${port}/oidc/auth\\?`),
    );
    expect(signIn.headers.get('set-cookie')).toBeTruthy();
    const lines = stdout.split('\n').filter((line) => line.startsWith('{'));
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        `Development sign-in is mounted at http://localhost:${port}/oidc: anyone who reaches it signs in as any name and email, an admin's too. Set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for real customer sign-in.`,
        `AgentChat is running at http://localhost:${port} (listening on http://127.0.0.1:${port}, embedded PostgreSQL in ${dataDir})`,
        `API docs at http://localhost:${port}/api/docs`,
      ]),
    );
    // oidc-provider's "Unsupported runtime" on Node 20, its in-memory adapter warning, Node's own.
    expect(stderr).toBe('');
  });
});
