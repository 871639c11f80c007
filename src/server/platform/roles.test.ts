import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../tests/support/databases';
import { MissingRoleError, requireDeclaredRoles, ROLES } from './roles';

function guardedApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  requireDeclaredRoles(app);
  return app;
}

describe('requireDeclaredRoles', () => {
  it('refuses a route that declares no role, naming it', () => {
    const app = guardedApp();
    expect(() => app.get('/api/things', async () => [])).toThrow(
      new MissingRoleError('GET', '/api/things'),
    );
    expect(() => app.post('/api/things', async () => [])).toThrow(
      'Route POST /api/things declares no role (config.role); every route must.',
    );
  });

  it('refuses a role that is not one of public, customer, agent, admin', () => {
    const app = guardedApp();
    expect(() =>
      app.get('/api/things', { config: { role: 'superuser' as never } }, async () => []),
    ).toThrow(MissingRoleError);
  });

  it('stops the app from starting when a plugin registers a route without a role', async () => {
    const app = guardedApp();
    await app.register(async (feature) => {
      feature.get('/api/ok', { config: { role: 'public' } }, async () => 'ok');
    });
    app.register(async (feature) => {
      feature.delete('/api/things/:id', async () => 'gone');
    });
    await expect(app.ready()).rejects.toThrow(new MissingRoleError('DELETE', '/api/things/:id'));
  });

  it('records every route with its role, one entry per method, without HEAD', async () => {
    const app = guardedApp();
    for (const role of ROLES) {
      app.get(`/api/${role}-only`, { config: { role } }, async () => role);
    }
    app.route({
      method: ['PUT', 'PATCH'],
      url: '/api/both',
      config: { role: 'agent' },
      handler: async () => 'ok',
    });
    await app.ready();
    expect(app.declaredRoutes).toEqual([
      { method: 'GET', url: '/api/public-only', role: 'public' },
      { method: 'GET', url: '/api/customer-only', role: 'customer' },
      { method: 'GET', url: '/api/agent-only', role: 'agent' },
      { method: 'GET', url: '/api/admin-only', role: 'admin' },
      { method: 'PUT', url: '/api/both', role: 'agent' },
      { method: 'PATCH', url: '/api/both', role: 'agent' },
    ]);
  });

  describe('the files of the built web app', () => {
    let root: string;
    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-web-'));
      fs.mkdirSync(path.join(root, 'assets'));
      fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
      fs.writeFileSync(path.join(root, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it('are public without saying so, and are served', async () => {
      const app = guardedApp();
      await app.register(fastifyStatic, { root, wildcard: false, index: false });
      await app.ready();
      expect(app.declaredRoutes).toContainEqual({
        method: 'GET',
        url: '/assets/app-1a2b3c.js',
        role: 'public',
      });
      const res = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('console.log(1)');
    });

    it('do not make a file under /api public by default', async () => {
      const app = guardedApp();
      app.register(fastifyStatic, { root, prefix: '/api/files/', wildcard: false, index: false });
      await expect(app.ready()).rejects.toThrow(MissingRoleError);
    });
  });
});

describe.each(testDatabaseKinds())('the built app on $name', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(() => database?.dispose());

  it('declares its foundation routes public', async () => {
    const app = await createTestApp({ database });
    await app.ready();
    for (const url of ['/api/health', '/api/prices', '/api/config']) {
      expect(app.declaredRoutes).toContainEqual({ method: 'GET', url, role: 'public' });
    }
    await app.close();
  });

  it('refuses a route added without a role', async () => {
    const app = await createTestApp({ database });
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(MissingRoleError);
    await app.close();
  });

  it('fails to start when a feature plugin forgets a role', async () => {
    const app = await createTestApp({ database });
    app.register(async (feature) => {
      feature.post('/api/forgotten', async () => 'oops');
    });
    await expect(app.ready()).rejects.toThrow(new MissingRoleError('POST', '/api/forgotten'));
    await app.close().catch(() => undefined);
  });
});
