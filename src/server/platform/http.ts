import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { answerCreatedRoutes } from './created-status';
import { installErrorHandler } from './errors';
import { logSerializers } from './logging';
import { requireDeclaredRoles } from './roles';
import type { WebMode } from './web';

export interface HttpOptions {
  config: Config;
  /** false for none; otherwise where and from what level (the serializers are always ours). */
  logger?: false | Pick<FastifyLoggerOptions, 'level' | 'stream'>;
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** JSON bodies are small; uploads have their own limit. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** Fastify with our logger, proxy trust, zod schemas, one error handler and declared roles. */
export function createFastify(deps: HttpOptions) {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
            ...deps.logger,
            serializers: logSerializers,
          },
    bodyLimit: BODY_LIMIT_BYTES,
    // Only what the operator names (TRUST_PROXY): otherwise anyone could pick their own address
    // in X-Forwarded-For and walk past the per-address login limit. Fastify 5 reads a bare number
    // as "trust nothing"; a hop count means the nearest n hops, as proxy-addr counts them.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  requireDeclaredRoles(app);
  answerCreatedRoutes(app);
  // A keep-alive connection whose request is in flight at close would hold close() open until
  // the keep-alive timeout (72 s), past main.ts's 10 s limit: answer it, then end the connection.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
  return app;
}

/** Security headers, signed cookies and the WebSocket upgrade. */
export async function registerHttpPlugins(
  app: FastifyInstance,
  config: Config,
  web: WebMode,
): Promise<void> {
  await app.register(fastifyHelmet, {
    // Vite's dev server injects inline scripts for hot reload; the built app needs none.
    contentSecurityPolicy:
      web === 'vite'
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
              connectSrc: ["'self'"],
              fontSrc: ["'self'", 'data:'],
              objectSrc: ["'none'"],
              frameAncestors: ["'none'"],
              formAction: ["'self'"],
              upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
            },
          },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
    // Not no-referrer: under it browsers send `Origin: null` on same-origin form posts and
    // fetches, which the cross-origin check must refuse. Nothing leaves for other sites.
    referrerPolicy: { policy: 'same-origin' },
  });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // Before the auth hook: its own hook marks upgrade requests so a refused one is closed.
  // Its own preClose would close every socket without a code; the realtime hub closes them
  // instead, with the code that sends clients to another instance (startRealtime's drain).
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 16 * 1024 },
    preClose: (done) => done(),
  });
}
