import type { z } from 'zod';

/**
 * A non-2xx answer. The message is the spec's "status: text" form, where the text is the
 * server's `{ error }` message when it sent one, else a short plain-text body, else the status
 * text; the status itself stays on the error for code that branches on it.
 */
export class ApiError extends Error {
  readonly status: number;
  /**
   * The answer's JSON body when it had one: what a screen that asks a question reads beside
   * the message (the market guard's deviations). Unchecked: parse it with the API's schema.
   */
  readonly body: unknown;

  constructor(status: number, text: string, body?: unknown) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The answer came back 2xx but not in the shape the API contract promises. */
export class ResponseShapeError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { cause });
    this.name = 'ResponseShapeError';
  }
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Longer bodies are pages or dumps, not messages meant for a person. */
const MAX_PLAIN_TEXT = 200;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function apiError(response: Response): Promise<ApiError> {
  const body = (await response.text().catch(() => '')).trim();
  const fallback = response.statusText || 'Request failed';
  if (!body) return new ApiError(response.status, fallback);
  const json = parseJson(body);
  if (json !== undefined) {
    // Loaded on the first error only: zod stays off the landing page's first load.
    const { errorResponseSchema } = await import('../../shared/api/common');
    const parsed = errorResponseSchema.safeParse(json);
    const text = parsed.success && parsed.data.error.trim() ? parsed.data.error.trim() : fallback;
    return new ApiError(response.status, text, json);
  }
  const plain = body.length <= MAX_PLAIN_TEXT && !body.startsWith('<');
  return new ApiError(response.status, plain ? body : fallback);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** Sent as JSON with a JSON content type. */
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * One request to our own API: cookies included, JSON in and out. Resolves with the response
 * when it is 2xx; otherwise throws an ApiError.
 */
export async function apiFetch(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  let body: string | undefined;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
  if (!response.ok) throw await apiError(response);
  return response;
}

/**
 * The response schema, or a promise of it: a screen on the landing page's first load passes
 * `import('…/shared/api/x').then((m) => m.schema)` so zod loads while the request is in flight.
 */
export type SchemaSource<S extends z.ZodType> = S | Promise<S>;

/** A 2xx answer's JSON (undefined for an empty one); a body that is not JSON is a shape error. */
async function readJson(path: string, response: Response): Promise<unknown> {
  const text = response.status === 204 ? '' : await response.text();
  const json = text === '' ? undefined : parseJson(text);
  if (text !== '' && json === undefined) throw new ResponseShapeError(path, text.slice(0, 200));
  return json;
}

/** A request whose 2xx answer is parsed with the API contract's schema. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schemaSource: SchemaSource<S>,
  options: ApiFetchOptions = {},
): Promise<z.output<S>> {
  const [response, schema] = await Promise.all([apiFetch(path, options), schemaSource]);
  const parsed = schema.safeParse(await readJson(path, response));
  if (!parsed.success) throw new ResponseShapeError(path, parsed.error);
  return parsed.data;
}

/**
 * A GET whose answer is checked by hand instead of with zod: only for what the landing page
 * reads (`shared/api/public-market-check.ts`), where zod would be a quarter of its JavaScript.
 * `check` gives the value in the contract's shape, or undefined when the answer is not in it.
 */
export async function apiGetChecked<T>(
  path: string,
  check: (json: unknown) => T | undefined,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  const response = await apiFetch(path, { signal: options.signal });
  const checked = check(await readJson(path, response));
  if (checked === undefined) throw new ResponseShapeError(path, 'not in the contract’s shape');
  return checked;
}

export interface ApiGetOptions {
  signal?: AbortSignal;
  /** 'null': a 401 answer resolves with null (signed out) instead of throwing. */
  on401?: 'throw' | 'null';
}

export function apiGet<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options: ApiGetOptions & { on401: 'null' },
): Promise<z.output<S> | null>;
export function apiGet<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options?: ApiGetOptions & { on401?: 'throw' },
): Promise<z.output<S>>;
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options: ApiGetOptions = {},
): Promise<z.output<S> | null> {
  try {
    return await apiRequest(path, schema, { signal: options.signal });
  } catch (error) {
    if (options.on401 === 'null' && isUnauthorizedError(error)) return null;
    throw error;
  }
}

type BodyOptions = Omit<ApiFetchOptions, 'method' | 'json'>;

export function apiPost<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: SchemaSource<S>,
  options: BodyOptions = {},
): Promise<z.output<S>> {
  return apiRequest(path, schema, { ...options, method: 'POST', json: body });
}

export function apiPatch<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: SchemaSource<S>,
  options: BodyOptions = {},
): Promise<z.output<S>> {
  return apiRequest(path, schema, { ...options, method: 'PATCH', json: body });
}
