/**
 * A tiny browser stand-in for API tests against a listening server: keeps cookies per host
 * and follows redirects by hand, so tests can see every hop of a sign-in.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    if (init.method && init.method !== 'GET' && !headers.has('origin'))
      headers.set('origin', new URL(this.baseUrl).origin);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async json<T = unknown>(
    path: string,
    init: Omit<RequestInit, 'body'> & { body?: unknown } = {},
  ): Promise<{ status: number; body: T }> {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const response = await this.request(path, {
      ...init,
      body,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Follows redirects from `path` until a non-redirect answer; returns the last response and URL. */
  async follow(path: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let url = new URL(path, this.baseUrl).href;
    let response = await this.request(url, init);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 10; hops++) {
      url = new URL(response.headers.get('location')!, url).href;
      response = await this.request(url);
    }
    return { response, url };
  }

  /**
   * Signs in as a customer through the real OIDC flow with the development provider:
   * /api/login, the provider's sign-in page, its form, the callback.
   */
  async signInCustomer(profile: { name: string; email: string }, returnTo = '/'): Promise<string> {
    const { response, url } = await this.follow(
      `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
    );
    if (response.status !== 200)
      throw new Error(`sign-in page answered ${response.status} at ${url}`);
    const html = await response.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('no sign-in form on the provider page');
    const form = new URLSearchParams({ name: profile.name, email: profile.email });
    const done = await this.follow(action, {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return done.url;
  }
}
