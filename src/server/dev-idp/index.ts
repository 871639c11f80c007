import { createHash, generateKeyPair, randomBytes, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import { loginPage } from './login-page';
import { memoryAdapter } from './memory-adapter';

export const DEV_IDP_PATH = '/oidc';
export const DEV_CLIENT_ID = 'agentchat-dev';

interface DevAccount {
  name: string;
  email: string;
  picture: string | null;
}

const loginFormSchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(320),
  picture: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
});

/** The same email always signs in as the same subject, as with a real provider. */
function subjectFor(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);
}

export interface DevIdp {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * oidc-provider, loaded only where the development sign-in is mounted: a production install
 * leaves it out (it is a dev dependency). Version 9 warns at import on Node 20 that it wants 22,
 * though it runs there (every test of the sign-in does); Node 20 is supported here (package.json
 * engines), so that one line is not passed on.
 */
async function importOidcProvider() {
  // eslint-disable-next-line no-console -- the warning is oidc-provider's own console.warn
  const warn = console.warn;
  // eslint-disable-next-line no-console -- restored in the finally below
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    // eslint-disable-next-line no-console -- put back as it was
    console.warn = warn;
  }
}

/**
 * The provider's RS256 signing key (Google signs its ID tokens with RS256), made once per process
 * and off the event loop: a 2,048-bit RSA key costs 50 to 200 ms of CPU, and tests build an app,
 * each with its own provider, hundreds of times a run (measured: 17.5 CPU-s of the server tests'
 * 146 before). Each provider still has its own issuer URL and client secret, so a token one
 * issues is refused by another's client.
 */
let signingKey: Promise<JsonWebKey> | undefined;

function devSigningKey(): Promise<JsonWebKey> {
  if (!signingKey) {
    const made = promisify(generateKeyPair)('rsa', { modulusLength: 2048 }).then(({ privateKey }) =>
      privateKey.export({ format: 'jwk' }),
    );
    // A failure is not kept: the next mount tries again.
    made.catch(() => {
      if (signingKey === made) signingKey = undefined;
    });
    signingKey = made;
  }
  return signingKey;
}

/**
 * A real OpenID Connect provider (oidc-provider) for development and tests, mounted at /oidc.
 * Its login page lets anyone sign in as any name and email. Never mounted in production.
 */
export async function mountDevIdp(
  app: FastifyInstance,
  options: { publicUrl: string; cookieSecret: string; trustProxy: boolean },
): Promise<DevIdp> {
  const { default: Provider, interactionPolicy } = await importOidcProvider();
  const issuerUrl = `${options.publicUrl}${DEV_IDP_PATH}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, DevAccount>();
  const jwk = await devSigningKey();

  const policy = interactionPolicy.base();
  // Google's prompt=select_account: here it shows the same sign-in page.
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${options.publicUrl}/api/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...jwk, kid: 'dev', alg: 'RS256', use: 'sig' } as never] },
    cookies: { keys: [options.cookieSecret] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google, put the profile in the ID token.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: true,
            name: account.name,
            ...(account.picture ? { picture: account.picture } : {}),
          };
        },
      };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${String(out.error_description ?? out.error).replace(/[<>&"]/g, '')}</p><p><a href="/">Back to home</a></p>`;
    },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 3600,
    },
  };
  const provider = new Provider(issuerUrl, configuration);
  // Koa reads X-Forwarded-* only behind the proxies the operator named (TRUST_PROXY).
  provider.proxy = options.trustProxy;
  const callback = provider.callback();

  await app.register(async (scope) => {
    // oidc-provider reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.get(
      `${DEV_IDP_PATH}/interaction/:uid`,
      { config: { role: 'public' } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        reply.header('cache-control', 'no-store');
        return reply
          .type('text/html; charset=utf-8')
          .send(loginPage({ uid: details.uid, error: null }));
      },
    );

    scope.post(
      `${DEV_IDP_PATH}/interaction/:uid/login`,
      { config: { role: 'public' } },
      async (request, reply) => {
        const form = loginFormSchema.safeParse(
          Object.fromEntries(new URLSearchParams(await readBody(request))),
        );
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (!form.success) {
          return reply
            .status(400)
            .type('text/html; charset=utf-8')
            .send(
              loginPage({ uid: details.uid, error: 'Enter a name and a valid email address.' }),
            );
        }
        const sub = subjectFor(form.data.email);
        accounts.set(sub, {
          name: form.data.name,
          email: form.data.email,
          picture: form.data.picture || null,
        });
        const grant = new provider.Grant({
          accountId: sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { select_account: {}, login: { accountId: sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      },
    );

    const handle = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(DEV_IDP_PATH.length) || '/';
      callback(raw, reply.raw);
    };
    scope.all(`${DEV_IDP_PATH}`, { config: { role: 'public' } }, handle);
    scope.all(`${DEV_IDP_PATH}/*`, { config: { role: 'public' } }, handle);
  });

  return { issuerUrl, clientId: DEV_CLIENT_ID, clientSecret };
}

async function readBody(request: FastifyRequest): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) throw new Error('sign-in form too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
