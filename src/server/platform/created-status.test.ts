import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerCreatedRoutes } from './created-status';
import { AppError, installErrorHandler } from './errors';

function appWithRoutes() {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  answerCreatedRoutes(app);
  app.post('/creates', { schema: { response: { 201: {} } } }, async () => ({ id: 1 }));
  app.post('/refuses', { schema: { response: { 201: {} } } }, async () => {
    throw new AppError('conflict', 'Already there');
  });
  app.post('/stores', { schema: { response: { 200: {}, 201: {} } } }, async () => ({ id: 2 }));
  app.post('/plain', async () => ({ id: 3 }));
  return app;
}

describe('answerCreatedRoutes', () => {
  it('answers 201 for a route whose only success answer is 201', async () => {
    const response = await appWithRoutes().inject({ method: 'POST', url: '/creates' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: 1 });
  });

  it("keeps an error's own status", async () => {
    const response = await appWithRoutes().inject({ method: 'POST', url: '/refuses' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Already there' });
  });

  it('leaves routes that may answer 200 (a replay, or no schema) alone', async () => {
    const app = appWithRoutes();
    expect((await app.inject({ method: 'POST', url: '/stores' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/plain' })).statusCode).toBe(200);
  });
});
