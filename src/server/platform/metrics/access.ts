import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isLoopback } from '../../config';

export interface Refusal {
  status: 401 | 403;
  error: string;
}

/** Headers a proxy adds: a request that carries one came through it, from anywhere. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics. With METRICS_TOKEN, whoever sends it as a bearer token (from anywhere,
 * this machine included). Without it, only a client on this machine that connected directly:
 * the socket's own address, never one a proxy names, and no proxy's headers. A proxy on the
 * same host (its connections come from 127.0.0.1) passes everyone's requests with those headers,
 * so they do not count as this machine's, whatever TRUST_PROXY says.
 */
export function metricsRefusal(request: FastifyRequest, token: string | undefined): Refusal | null {
  if (token !== undefined) {
    const sent = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests: the same length always, so the time taken says nothing of the token.
    if (sent !== undefined && timingSafeEqual(digest(sent), digest(token))) return null;
    return { status: 401, error: 'Metrics need the METRICS_TOKEN as a bearer token' };
  }
  const direct = FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
  if (direct && isLoopback(request.socket.remoteAddress ?? '')) return null;
  return {
    status: 403,
    error: 'Metrics are served only to this machine; set METRICS_TOKEN to scrape from elsewhere',
  };
}
