import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';

/**
 * A route whose only success answer is 201 (its response schema declares 201 and no 200) is a
 * route that creates: it answers 201 with what its handler returns, so the status is declared
 * once, beside the schema, and no handler sets it by hand. Errors keep their own status (the
 * error handler sets it); routes that may also replay a stored record (200 or 201) set it
 * themselves.
 */
export function answerCreatedRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!createsOnly(route)) return;
    const setCreated = async (_request: unknown, reply: FastifyReply) => {
      reply.code(201);
    };
    route.preHandler = [setCreated, ...[route.preHandler ?? []].flat()];
  });
}

function createsOnly(route: RouteOptions): boolean {
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  return '201' in response && !('200' in response);
}
