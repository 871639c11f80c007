import Fastify from 'fastify';
import type { ReaderTiming } from '../../src/server/features/chain';

const quiet = Fastify({ logger: false }).log;

/**
 * A chain reader's options for a test against a local fake explorer (esplora-server.ts,
 * trongrid-server.ts): no log lines, a hang given up after 200 ms, two attempts a request and
 * next to no wait between them, unless `timing` says otherwise.
 */
export function testReaderOptions(url: string, timing: Partial<ReaderTiming> = {}) {
  return {
    url,
    logger: quiet,
    timing: { timeoutMs: 200, attempts: 2, backoffMs: 1, ...timing },
  };
}
