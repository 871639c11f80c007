import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

/** Where the browsable page lives; its own routes (assets, the page) are public. */
export const API_DOCS_PREFIX = '/api/docs';
export const OPENAPI_DOCUMENT_URL = '/api/openapi.json';

const zodTransform = createJsonSchemaTransform({});

/**
 * The OpenAPI document, generated from the routes' own zod schemas, and a browsable page over
 * it (ADR 013). Register before the routes: the document collects them as they are added.
 * Each operation carries `x-role`, the role the route declared (platform/roles.ts), and the
 * `summary` and `description` its route's schema options give.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { enabled: boolean; publicUrl: string },
): Promise<void> {
  if (!options.enabled) return;
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'AgentChat API',
        version: '1',
        description:
          'Generated from the route schemas. Roles, errors, realtime frames and examples: ' +
          'docs/api.md. Every operation names who may call it in `x-role`.',
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: (input) => {
      const { schema, url } = zodTransform(input);
      // The API only: not the web app's files, nor the development sign-in's pages.
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
      const role = input.route.config?.role;
      // Grouped by the first segment of the path (chat-sessions, rates, admin, ...).
      const tags = [url.split('/')[2] ?? 'api'];
      return { schema: { ...schema, tags, 'x-role': role } as typeof schema, url };
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { deepLinking: true, docExpansion: 'none' },
    // The app's own Content-Security-Policy (helmet, script-src 'self') already covers the page.
    staticCSP: false,
  });
  app.get(OPENAPI_DOCUMENT_URL, { config: { role: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
