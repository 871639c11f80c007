import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/app';
import { openPgliteTestDatabase, type TestDatabase } from '../../../tests/support/databases';
import { whatsappEnv } from '../../../tests/support/graph-api-server';
import { API_DOCS_PREFIX, OPENAPI_DOCUMENT_URL } from './openapi';

interface Operation {
  'x-role'?: string;
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** Fastify's `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const ownRoute = (url: string) => url === OPENAPI_DOCUMENT_URL || url.startsWith(API_DOCS_PREFIX);
/**
 * The socket's upgrade: OpenAPI describes HTTP, not WebSocket frames (@fastify/websocket hides
 * it); docs/api.md describes the frames, from shared/api/realtime.ts.
 */
const NOT_HTTP = new Set(['GET /api/ws']);

describe('the OpenAPI document (API_DOCS=on, WhatsApp on)', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let document: OpenApiDocument;

  beforeAll(async () => {
    database = await openPgliteTestDatabase();
    // The WhatsApp channel on too, so its routes are in the document; nothing here reaches the
    // Graph API (the address is never called).
    app = await createTestApp({
      database,
      env: { API_DOCS: 'on', ...whatsappEnv('http://127.0.0.1:9') },
    });
    const response = await app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_URL });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('is OpenAPI 3.1 and holds every registered /api route with the role it declared', () => {
    expect(document.openapi).toBe('3.1.0');
    const routes = app.declaredRoutes.filter(
      (r) => r.url.startsWith('/api') && !ownRoute(r.url) && !NOT_HTTP.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter(
      (r) => document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()] === undefined,
    );
    expect(missing).toEqual([]);
    // Prometheus' text, for the operator's scraper on this machine or with METRICS_TOKEN: not
    // part of the API, described in docs/operations.md ("Metrics") instead.
    expect(app.declaredRoutes).toContainEqual({ method: 'GET', url: '/metrics', role: 'public' });
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      expect({ route: `${route.method} ${route.url}`, role: operation['x-role'] }).toEqual({
        route: `${route.method} ${route.url}`,
        role: route.role,
      });
    }
  });

  it('gives every operation a summary and a description from its route schema', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        operation: `${method.toUpperCase()} ${path}`,
        summary: operation.summary?.trim() ?? '',
        description: operation.description?.trim() ?? '',
      })),
    );
    expect(operations.length).toBeGreaterThan(40);
    const lacking = operations.filter((o) => o.summary === '' || o.description === '');
    expect(lacking.map((o) => o.operation)).toEqual([]);
  });

  it('describes requests and answers from the zod schemas', () => {
    const send = document.paths['/api/chat-sessions/{id}/messages']!.post!;
    expect(send.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id' })]),
    );
    expect(send.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { clientMessageId: expect.anything(), content: expect.anything() },
      required: expect.arrayContaining(['clientMessageId', 'content']),
    });
    expect(send.responses?.['201']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { id: expect.anything(), senderRole: expect.anything() },
    });
    const list = document.paths['/api/chat-sessions']!.get!;
    expect(list.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:filter', 'query:cursor', 'query:limit']),
    );
  });

  it('has a browsable page at /api/docs under the app’s Content-Security-Policy', async () => {
    const page = await app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

describe('without API_DOCS', () => {
  it('serves neither the document nor the page', async () => {
    const database = await openPgliteTestDatabase();
    const app = await createTestApp({ database });
    try {
      for (const url of [OPENAPI_DOCUMENT_URL, `${API_DOCS_PREFIX}/`]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Not found' });
      }
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
