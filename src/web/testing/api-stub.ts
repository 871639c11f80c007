import { vi } from 'vitest';
import type { User } from '../../shared/api/auth';

type Reply = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
export type ApiHandler = (request: { body: unknown; path: string }) => Reply;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs `fetch` with handlers keyed "METHOD /path" (the path without the query string). An
 * unknown request answers 404. Returns the calls made, in order.
 */
export function stubApi(handlers: Record<string, ApiHandler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?')[0]!;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      const handler = handlers[`${method} ${path}`];
      const reply = handler
        ? await handler({ body, path })
        : { status: 404, body: { error: 'Not found' } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: '0b4d3c8e-6a52-4d7e-9c1a-2f1f7e9a0b11',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    customerStatus: 'active',
    isAgent: false,
    isAdmin: false,
    agentType: null,
    isActive: true,
    createdAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

export const UNAUTHORIZED = { status: 401, body: { error: 'Unauthorized' } } as const;
