import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ReaderTiming } from './deposit-reading';

/** One GET's outcome: the body (JSON or text), the chain's "no such thing", or no answer. */
export type Fetched =
  { kind: 'ok'; body: unknown } | { kind: 'not_found' } | { kind: 'failed'; reason: string };

/**
 * GETs `url` with a timeout, retrying with backoff on no answer, 429 and 5xx. A 404 is an
 * answer (not retried). Failures are logged and returned, never thrown.
 */
export async function getWithRetries(options: {
  url: string;
  /** 'json' parses the body; 'text' returns it trimmed (Esplora's tip height is plain text). */
  as: 'json' | 'text';
  timing: ReaderTiming;
  logger: FastifyBaseLogger;
  init?: RequestInit;
}): Promise<Fetched> {
  const { url, as, timing, logger } = options;
  let reason = 'no attempt';
  for (let attempt = 1; attempt <= timing.attempts; attempt++) {
    if (attempt > 1) await delay(timing.backoffMs * 2 ** (attempt - 2));
    try {
      const response = await fetch(url, {
        ...options.init,
        headers: {
          accept: as === 'json' ? 'application/json' : 'text/plain',
          ...options.init?.headers,
        },
        signal: AbortSignal.timeout(timing.timeoutMs),
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return { kind: 'not_found' };
      }
      if (!response.ok) {
        await response.body?.cancel();
        reason = `HTTP ${response.status}`;
        // Other 4xx answers will not change on a retry.
        if (response.status !== 429 && response.status < 500) break;
        continue;
      }
      const text = await response.text();
      if (as === 'text') return { kind: 'ok', body: text.trim() };
      try {
        return { kind: 'ok', body: JSON.parse(text) as unknown };
      } catch {
        reason = 'an answer that is not JSON';
      }
    } catch (error) {
      reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
      logger.debug({ err: error, url, attempt }, 'chain request failed');
    }
  }
  logger.warn({ url, reason, attempts: timing.attempts }, 'chain request failed');
  return { kind: 'failed', reason };
}
