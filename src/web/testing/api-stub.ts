import { onTestFinished, vi } from 'vitest';

/** One request the app made through `fetch`, as the stub saw it. */
export interface ApiCall {
  method: string;
  /** The path without its query string, e.g. `/api/chat-sessions/7`. */
  path: string;
  query: URLSearchParams;
  /** The path and query string as the app sent them, e.g. `/api/admin/users?role=all`. */
  url: string;
  headers: Headers;
  /** The JSON body parsed, the raw body when it is not a string (FormData…), else undefined. */
  body: unknown;
  credentials: RequestCredentials | undefined;
  /** What the `:name` segments of the matching route stood for. */
  params: Record<string, string>;
}

/** A JSON answer: `body` serialised, `status` 200 unless told. */
export interface ApiReply {
  status?: number;
  body?: unknown;
}

type Answer = ApiReply | Response;

/** What a route answers: a fixed reply, or a function of the request (a Response for raw cases). */
export type ApiRoute = ApiReply | ((call: ApiCall) => Answer | Promise<Answer>);

/** `"METHOD /path"` → answer; a path segment `:name` matches any one segment. */
export type ApiRoutes = Record<string, ApiRoute>;

export const UNAUTHORIZED = { status: 401, body: { error: 'Unauthorized' } } as const;

/** A JSON `Response`, for a route that builds its answer itself. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(got[i]!);
    else if (segment !== got[i]) return null;
  }
  return params;
}

function parseRoutes(routes: ApiRoutes) {
  return Object.entries(routes).map(([key, route]) => {
    const [method, pattern, extra] = key.split(' ');
    if (!method || !pattern?.startsWith('/') || extra !== undefined)
      throw new Error(`stubApi: route "${key}" is not "METHOD /path"`);
    return { method, pattern, route };
  });
}

/**
 * Stands in for `fetch` for the rest of the test: every request is recorded (method, path,
 * query, headers, body) and answered by the first declared route whose method and path match.
 * A request no route declares answers 501 and fails the test when it ends, so a screen that
 * calls an endpoint the test did not expect cannot pass unnoticed. Returns the calls, in order.
 */
export function stubApi(routes: ApiRoutes = {}): ApiCall[] {
  const declaredRoutes = parseRoutes(routes);
  const calls: ApiCall[] = [];
  const undeclared: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const request = input instanceof Request ? input : undefined;
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      const raw = init?.body ?? undefined;
      const body: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
      const call: ApiCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        url: url.pathname + url.search,
        headers: new Headers(init?.headers ?? request?.headers),
        body,
        credentials: init?.credentials ?? request?.credentials,
        params: {},
      };
      calls.push(call);
      for (const declared of declaredRoutes) {
        if (declared.method !== method) continue;
        const params = matchPath(declared.pattern, url.pathname);
        if (!params) continue;
        call.params = params;
        const answer =
          typeof declared.route === 'function' ? await declared.route(call) : declared.route;
        if (answer instanceof Response) return answer;
        return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      undeclared.push(`${method} ${url.pathname}${url.search}`);
      return json({ error: `stubApi: no route for ${method} ${url.pathname}` }, 501);
    }),
  );
  onTestFinished(() => {
    if (undeclared.length > 0)
      throw new Error(`stubApi: the test made calls it did not declare:\n${undeclared.join('\n')}`);
  });
  return calls;
}
