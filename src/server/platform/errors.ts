import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  too_many_requests: 429,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type AppErrorCode = keyof typeof STATUS;

/** What JSON carries: the details of an answer are sent as they are. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * An error whose message is safe to show the client. `details` (also safe, such as a guard's
 * deviations, each a small object) go in the answer beside `error`, for a screen that asks a question.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, JsonValue>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
  }
}

/** Postgres error codes that mean the database cannot be reached right now. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/**
 * PostgreSQL data errors that only bad input can cause (a NUL character in text, a number out
 * of range, a malformed value that slipped past a schema): the client's fault, so a 400.
 */
const BAD_INPUT_CODES = new Set(['22021', '22P05', '22003', '22P02', '22007', '22008']);

function pgCode(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'request';
    return error.validation
      .map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${issue.message}` : `${where}: ${issue.message}`;
      })
      .join('; ');
  }
  return error.message;
}

/**
 * The one error handler: 4xx answers carry a message meant for the user; anything else is
 * logged in full and answered with "Internal Server Error", never a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx that wraps an outside failure (an unreachable store): the client gets the safe
      // text, the log gets what failed.
      if (error.statusCode >= 500 && error.cause !== undefined)
        request.log.error({ err: error.cause }, error.message);
      return reply.status(error.statusCode).send({ ...error.details, error: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ error: validationMessage(error) });
    }
    const code = pgCode(error);
    if (code && BAD_INPUT_CODES.has(code)) {
      request.log.warn({ err: error }, 'input rejected by the database');
      return reply
        .status(400)
        .send({ error: 'Invalid input: remove unsupported characters or values' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send({ error: 'The service is temporarily unavailable. Please try again shortly.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): safe texts.
      return reply.status(status).send({ error: clientErrorMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal Server Error' });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body must not be empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Request body is not valid JSON';
    default:
      return error.statusCode === 404 ? 'Not found' : 'Bad request';
  }
}
