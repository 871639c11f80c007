import * as oidc from 'openid-client';
import type { OidcSettings } from '../../config';
import type { OidcProfile } from './sync-profile';

export interface LoginState {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

/**
 * Customer sign-in with OpenID Connect: authorization code + PKCE + state + nonce, with
 * prompt=select_account so the customer picks the account each time. Discovery is lazy (the
 * development provider lives in this same server, which must be listening first) and retried
 * after a failure.
 */
export class CustomerSignIn {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly settings: OidcSettings,
    private readonly redirectUri: string,
    private readonly allowHttp: boolean,
  ) {}

  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.settings.issuerUrl),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        this.allowHttp ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async start(returnTo: string): Promise<{ url: string; state: LoginState }> {
    const config = await this.discover();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
    return { url: url.href, state: { state, nonce, verifier, returnTo } };
  }

  /** Exchanges the code; throws when state, nonce, PKCE or the ID token do not check out. */
  async finish(callbackUrl: URL, login: LoginState): Promise<OidcProfile> {
    const config = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    let email = typeof claims.email === 'string' ? claims.email : null;
    let name = typeof claims.name === 'string' ? claims.name : null;
    let picture = typeof claims.picture === 'string' ? claims.picture : null;
    if (!email || !name) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      email ??= info.email ?? null;
      name ??= info.name ?? ([info.given_name, info.family_name].filter(Boolean).join(' ') || null);
      picture ??= info.picture ?? null;
    }
    return { issuer: config.serverMetadata().issuer, subject: claims.sub, email, name, picture };
  }
}
