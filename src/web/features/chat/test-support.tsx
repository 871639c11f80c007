import { render } from '@testing-library/react';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { User } from '../../../shared/api/auth';
import type { ChatSession } from '../../../shared/api/chat-sessions';
import type { Message } from '../../../shared/api/messages';
import type { RealtimeEvent } from '../../../shared/api/realtime';
import { TestProviders } from '../../testing/test-providers';
import type { ConnectionState } from '../../lib/realtime';
import { createQueryClient } from '../../lib/query-client';
import { TEST_CONFIG } from '../../testing/render-app';

export const CUSTOMER_ID = '11111111-1111-4111-8111-111111111111';
export const AGENT_ID = '22222222-2222-4222-8222-222222222222';
const AT = '2026-11-22T08:00:00.000Z';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: CUSTOMER_ID,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    profileImageUrl: null,
    customerStatus: 'active',
    isAgent: false,
    isAdmin: false,
    agentType: null,
    isActive: true,
    createdAt: AT,
    ...overrides,
  };
}

export function makeSession(overrides: Partial<ChatSession> = {}): ChatSession {
  return {
    id: 7,
    customerId: CUSTOMER_ID,
    agentId: null,
    category: 'bitcoin',
    status: 'open',
    priority: 'normal',
    createdAt: AT,
    updatedAt: AT,
    lastMessageAt: null,
    customer: {
      id: CUSTOMER_ID,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Obi',
      profileImageUrl: null,
      customerStatus: 'active',
      createdAt: AT,
    },
    agent: null,
    lastMessage: null,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<Message> & { id: number }): Message {
  return {
    chatSessionId: 7,
    senderId: CUSTOMER_ID,
    senderRole: 'customer',
    content: `message ${overrides.id}`,
    messageType: 'text',
    attachment: null,
    clientMessageId: `00000000-0000-4000-8000-${String(overrides.id).padStart(12, '0')}`,
    createdAt: AT,
    ...overrides,
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers by "METHOD /path" (the query string ignored); anything else is a
 * 404. Returns every call made, in order.
 */
export function stubApi(routes: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const method = init?.method ?? 'GET';
      let body: unknown = init?.body;
      if (typeof body === 'string') body = JSON.parse(body);
      const call = { method, path: url.pathname, body };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      return handler ? handler(call) : json({ error: 'Not found' }, 404);
    }),
  );
  return calls;
}

/** A promise the test settles when it wants. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Stands in for the page's realtime client (vi.mock'ed by the test): the test sets the
 * connection state and plays events to the screens listening.
 */
export const fakeRealtime = {
  state: 'online' as ConnectionState,
  eventListeners: new Set<(event: RealtimeEvent) => void>(),
  resyncListeners: new Set<() => void>(),
  stateListeners: new Set<() => void>(),
  reset() {
    this.state = 'online';
    this.eventListeners.clear();
    this.resyncListeners.clear();
    this.stateListeners.clear();
  },
  setState(state: ConnectionState) {
    this.state = state;
    for (const l of this.stateListeners) l();
  },
  emit(event: RealtimeEvent) {
    for (const l of this.eventListeners) l(event);
  },
};

/** `useRealtime` backed by `fakeRealtime`: `vi.mock('../../lib/realtime', ...)` returns it. */
export function useFakeRealtime(
  onEvent: (event: RealtimeEvent) => void,
  onResync?: () => void,
): ConnectionState {
  useEffect(() => {
    fakeRealtime.eventListeners.add(onEvent);
    return () => void fakeRealtime.eventListeners.delete(onEvent);
  }, [onEvent]);
  useEffect(() => {
    if (!onResync) return;
    fakeRealtime.resyncListeners.add(onResync);
    return () => void fakeRealtime.resyncListeners.delete(onResync);
  }, [onResync]);
  return useSyncExternalStore(
    (listener) => {
      fakeRealtime.stateListeners.add(listener);
      return () => void fakeRealtime.stateListeners.delete(listener);
    },
    () => fakeRealtime.state,
  );
}

function LocationProbe({ onChange }: { onChange: (path: string) => void }) {
  onChange(useLocation().pathname);
  return null;
}

/** Renders `element` at `path` with the app's providers, and a route to follow navigation. */
export function renderWithApp(element: ReactNode, path = '/chat/7', pattern = '/chat/:sessionId') {
  let currentPath = path;
  const queryClient = createQueryClient();
  const result = render(
    <TestProviders config={TEST_CONFIG} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          onChange={(p) => {
            currentPath = p;
          }}
        />
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
  return Object.assign(result, { queryClient, currentPath: () => currentPath });
}
