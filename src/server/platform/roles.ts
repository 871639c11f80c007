import type { FastifyInstance, FastifySchema } from 'fastify';
import { API_DOCS_PREFIX } from './openapi';

/**
 * Who may call a route. `customer` means any signed-in user acting on their own records
 * (agents and admins included where the handler allows); the handler narrows to the caller's rows.
 */
export const ROLES = ['public', 'customer', 'agent', 'admin'] as const;
export type Role = (typeof ROLES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    role?: Role;
    /**
     * The route serves a staff member midway through signing in (the second factor's code,
     * enrolment, their first own password): it answers sessions that still owe a step.
     * Every other route refuses them (auth.ts).
     */
    signInStep?: boolean;
  }
  interface FastifyInstance {
    /** Every route with the role it declared, for the tests that walk them all. */
    declaredRoutes: DeclaredRoute[];
  }
}

/**
 * A route's options: the role it needs, checked before its handler (see auth.ts), and its zod
 * schemas, which type the handler and make the OpenAPI document.
 */
export function forRole<const S extends FastifySchema>(role: Role, schema: S) {
  return { config: { role }, schema };
}

/** A staff route that also answers a session midway through signing in (see `signInStep`). */
export function forSignInStep<const S extends FastifySchema>(schema: S) {
  return { config: { role: 'agent' as const, signInStep: true }, schema };
}

export interface DeclaredRoute {
  method: string;
  url: string;
  role: Role;
}

export class MissingRoleError extends Error {
  constructor(method: string, url: string) {
    super(`Route ${method} ${url} declares no role (config.role); every route must.`);
    this.name = 'MissingRoleError';
  }
}

/** Every route must say who may call it; a route without a role stops the app from starting. */
export function requireDeclaredRoles(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { role?: unknown; file?: unknown };
    // @fastify/static declares one route per built file of the web app: public by nature.
    if (
      config.role === undefined &&
      typeof config.file === 'string' &&
      !route.url.startsWith('/api')
    ) {
      config.role = 'public';
    }
    // The API docs page's own routes (@fastify/swagger-ui, mounted only when API_DOCS allows)
    // are its page and assets, public by nature; they declare no role of their own.
    if (config.role === undefined && route.url.startsWith(API_DOCS_PREFIX)) config.role = 'public';
    const role = config.role;
    if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
      throw new MissingRoleError(String(route.method), route.url);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declared.push({ method, url: route.url, role: role as Role });
    }
  });
}
