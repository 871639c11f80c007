import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type NameEnquiryMode = 'ok' | 'not-found' | 'error' | 'hang' | 'garbage';

/**
 * A real HTTP server answering Paystack's `GET /bank/resolve`, with its failure modes: the
 * provider's 422 for an unknown account, a 500, a hang (never answers) and garbage.
 */
export class NameEnquiryServer {
  mode: NameEnquiryMode = 'ok';
  /** The names it knows, by `{bank_code}:{account_number}`. */
  names = new Map<string, string>();
  requests: { url: URL; authorization: string | undefined }[] = [];
  readonly key = 'sk_test_name_enquiry';
  private server: http.Server | undefined;
  private hanging = new Set<http.ServerResponse>();

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('name enquiry server is not running');
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    this.requests.push({ url, authorization: req.headers.authorization });
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname !== '/bank/resolve') return json(404, { status: false, message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${this.key}`) {
      return json(401, { status: false, message: 'Invalid key' });
    }
    switch (this.mode) {
      case 'error':
        return json(500, { status: false, message: 'Server error' });
      case 'hang':
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        return;
      case 'not-found':
        return json(422, { status: false, message: 'Could not resolve account name' });
      case 'ok': {
        const number = url.searchParams.get('account_number') ?? '';
        const name = this.names.get(`${url.searchParams.get('bank_code')}:${number}`);
        if (!name) return json(422, { status: false, message: 'Could not resolve account name' });
        return json(200, {
          status: true,
          message: 'Account number resolved',
          data: { account_number: number, account_name: name, bank_id: 9 },
        });
      }
    }
  }
}
