// @ts-check
/**
 * The embedded database's thread (decision 041): opens PGlite from `workerData` and answers the
 * main thread's stand-in (pglite-thread.ts) through pglite-session.js. Built into
 * dist/server/pglite-worker.js beside the server bundle (scripts/build-server.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { errorToWire, servePglite } from './pglite-session.js';

/** @type {{ pgdata: string | undefined, loadDataDir: Uint8Array<ArrayBuffer> | undefined, pgliteWasmModule: WebAssembly.Module }} */
const { pgdata, loadDataDir, pgliteWasmModule } = workerData;
const port = parentPort;
if (!port) throw new Error('pglite-worker.js runs only as a worker thread');

try {
  const client = await PGlite.create({
    // Compiled once on the main thread (pglite-thread.ts), not again here.
    pgliteWasmModule,
    ...(pgdata ? { dataDir: pgdata } : {}),
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
  });
  // Closed: nothing keeps the thread alive, and it ends by itself.
  servePglite(port, client, () => port.close());
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ failed: errorToWire(error) });
}
