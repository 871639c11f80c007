import type http from 'node:http';
import { FakeHttpServer } from './fake-http-server';

export type NameEnquiryMode = 'ok' | 'not-found' | 'error' | 'hang' | 'garbage';

/**
 * A real HTTP server answering Paystack's `GET /bank/resolve`, with its failure modes: the
 * provider's 422 for an unknown account, a 500, a hang (never answers) and garbage.
 */
export class NameEnquiryServer extends FakeHttpServer {
  mode: NameEnquiryMode = 'ok';
  /** The names it knows, by `{bank_code}:{account_number}`. */
  names = new Map<string, string>();
  requests: { url: URL; authorization: string | undefined }[] = [];
  readonly key = 'sk_test_name_enquiry';

  constructor() {
    super('name enquiry');
  }

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
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
        return this.hang(res);
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
