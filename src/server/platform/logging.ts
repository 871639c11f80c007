import type { FastifyRequest } from 'fastify';

/**
 * Fields of database errors that carry a statement's values: drizzle's and PGlite's `params`
 * (a password hash, a message's text), PGlite's `queryOptions`, and PostgreSQL's `detail`
 * ("Key (email)=(ada@example.com) already exists."), `where` and `internalQuery`.
 */
const VALUE_FIELDS = new Set(['params', 'queryOptions', 'detail', 'where', 'internalQuery']);

const MAX_CAUSE_DEPTH = 5;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * drizzle writes the values into its error's message ("Failed query: ...\nparams: a,b"), and so
 * into its stack: the exact text it wrote is cut out of both.
 */
function withoutParams(text: string, params: unknown): string {
  if (!Array.isArray(params)) return text;
  return text.replace(`\nparams: ${String(params)}`, `\nparams: [${params.length} redacted]`);
}

function serializeOne(error: Error, depth: number): SerializedError {
  const fields = error as unknown as Record<string, unknown>;
  const out: SerializedError = {
    type: error.constructor.name,
    message: withoutParams(error.message, fields.params),
    stack: withoutParams(error.stack ?? '', fields.params),
  };
  for (const [key, value] of Object.entries(fields)) {
    if (VALUE_FIELDS.has(key) || key === 'cause' || key in out) continue;
    out[key] = value instanceof Error ? serializeOne(value, depth + 1) : value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    out.cause =
      error.cause instanceof Error ? serializeOne(error.cause, depth + 1) : String(error.cause);
  }
  return out;
}

/**
 * Fastify's `err` serializer, in pino's shape (type, message, stack, own fields), minus statement
 * values anywhere in the error's chain of causes. (A handler may throw what is not an Error.)
 */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) return serializeOne(error, 0);
  return { type: typeof error, message: String(error), stack: '' };
}

/**
 * A logged URL with every query value replaced, the names and the path kept: a query may carry
 * the OIDC code and state, or a token a client (or an attacker probing) put there, and no list
 * of secret names is ever complete. The path says which route; the names say which options.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const search = url.slice(query + 1, hash < 0 ? undefined : hash);
  const pairs = search
    .split('&')
    .map((pair) => (pair.includes('=') ? `${pair.split('=', 1)[0]!}=[redacted]` : pair));
  return `${url.slice(0, query + 1)}${pairs.join('&')}`;
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The serializers every app logger uses (app.ts). */
export const logSerializers = { err: serializeError, req: serializeRequest };
