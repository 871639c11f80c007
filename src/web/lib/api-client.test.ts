import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiGet,
  apiGetChecked,
  apiPost,
  isUnauthorizedError,
  ResponseShapeError,
} from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function json(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json' },
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const itemSchema = z.object({ id: z.number(), name: z.string() });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends cookies and JSON, and parses the answer with the schema', async () => {
    const fetchMock = stubFetch(json({ id: 1, name: 'Ada', extra: true }, { status: 201 }));
    const item = await apiPost('/api/items', { name: 'Ada' }, itemSchema);
    expect(item).toEqual({ id: 1, name: 'Ada' });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/items');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"name":"Ada"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('accepts the schema as a promise (a lazily loaded contract)', async () => {
    stubFetch(json({ id: 2, name: 'Bo' }));
    await expect(apiGet('/api/items/2', Promise.resolve(itemSchema))).resolves.toEqual({
      id: 2,
      name: 'Bo',
    });
  });

  it('turns a non-2xx answer into "status: the server\'s error text", keeping the status', async () => {
    stubFetch(json({ error: 'Your account is restricted. Contact support.' }, { status: 403 }));
    const error = await failure(apiGet('/api/chat-sessions', itemSchema));
    expect(error.message).toBe('403: Your account is restricted. Contact support.');
    expect(error.status).toBe(403);
  });

  it('keeps a JSON error body for a screen that asks a question (the market guard)', async () => {
    const body = { error: 'BTC sell rate is 100.00 % below the market', code: 'rate_guard' };
    stubFetch(json(body, { status: 409 }));
    const error = await failure(apiPost('/api/exchange-rates', {}, itemSchema));
    expect(error.message).toBe('409: BTC sell rate is 100.00 % below the market');
    expect(error.body).toEqual(body);
    stubFetch(new Response('Too many attempts', { status: 429 }));
    expect((await failure(apiGet('/x', itemSchema))).body).toBeUndefined();
  });

  it('uses a short plain-text body, else the status text', async () => {
    stubFetch(new Response('Too many attempts', { status: 429, statusText: 'Too Many Requests' }));
    expect((await failure(apiGet('/x', itemSchema))).message).toBe('429: Too many attempts');

    stubFetch(
      new Response('<html><body>Bad gateway</body></html>', {
        status: 502,
        statusText: 'Bad Gateway',
      }),
    );
    expect((await failure(apiGet('/x', itemSchema))).message).toBe('502: Bad Gateway');

    stubFetch(
      json({ message: 'not our shape' }, { status: 500, statusText: 'Internal Server Error' }),
    );
    expect((await failure(apiGet('/x', itemSchema))).message).toBe('500: Internal Server Error');
  });

  it('recognises 401 as unauthorized, and can answer null for it instead', async () => {
    stubFetch(json({ error: 'Unauthorized' }, { status: 401 }));
    const error = await failure(apiGet('/api/auth/user', itemSchema));
    expect(error.message).toBe('401: Unauthorized');
    expect(isUnauthorizedError(error)).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(false);

    stubFetch(json({ error: 'Unauthorized' }, { status: 401 }));
    await expect(apiGet('/api/auth/user', itemSchema, { on401: 'null' })).resolves.toBeNull();
    stubFetch(json({ error: 'Forbidden' }, { status: 403 }));
    await expect(apiGet('/api/auth/user', itemSchema, { on401: 'null' })).rejects.toThrow(
      '403: Forbidden',
    );
  });

  it('rejects a 2xx answer that breaks the contract', async () => {
    stubFetch(json({ id: 'one' }));
    await expect(apiGet('/api/items/1', itemSchema)).rejects.toBeInstanceOf(ResponseShapeError);
    stubFetch(new Response('<html>', { status: 200 }));
    await expect(apiGet('/api/items/1', itemSchema)).rejects.toThrow(
      'Unexpected response from /api/items/1',
    );
  });

  it('checks an answer by hand where zod would weigh too much (the landing page)', async () => {
    const check = (value: unknown) =>
      typeof value === 'object' && value !== null && 'id' in value ? { id: value.id } : undefined;
    stubFetch(json({ id: 3, extra: true }));
    await expect(apiGetChecked('/api/items/3', check)).resolves.toEqual({ id: 3 });
    stubFetch(json({ name: 'no id' }));
    await expect(apiGetChecked('/api/items/3', check)).rejects.toBeInstanceOf(ResponseShapeError);
    stubFetch(json({ error: 'Too many requests' }, { status: 429 }));
    await expect(apiGetChecked('/api/items/3', check)).rejects.toThrow('429: Too many requests');
  });
});
