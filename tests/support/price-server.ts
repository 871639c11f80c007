import type http from 'node:http';
import { FakeHttpServer } from './fake-http-server';

export type PriceServerMode = 'ok' | 'error' | 'hang' | 'garbage';

export interface FakeQuote {
  usd: number;
  change: number;
  /** Answered when the caller asks for `ngn` in vs_currencies; absent, the answer has none. */
  ngn?: number;
}

/**
 * A real HTTP server answering CoinGecko's `simple/price` for bitcoin and tether, with its
 * failure modes: a 500, a hang (never answers) and garbage (HTML or a wrong shape).
 */
export class PriceServer extends FakeHttpServer {
  mode: PriceServerMode = 'ok';
  quotes: { bitcoin: FakeQuote; tether: FakeQuote } = {
    bitcoin: { usd: 97_250.5, change: 2.35, ngn: 155_843_926.25 },
    tether: { usd: 1.0002, change: -0.01, ngn: 1602.5 },
  };
  requests = 0;

  constructor() {
    super('price', '/api/v3');
  }

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.requests++;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/v3/simple/price') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    switch (this.mode) {
      case 'error':
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"status":"error"}');
        return;
      case 'hang':
        return this.hang(res);
      case 'garbage':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>rate limited</html>');
        return;
      case 'ok': {
        const body: Record<string, { usd: number; usd_24h_change?: number; ngn?: number }> = {};
        const wantsNgn = (url.searchParams.get('vs_currencies') ?? '').split(',').includes('ngn');
        for (const id of (url.searchParams.get('ids') ?? '').split(',')) {
          const quote = this.quotes[id as keyof PriceServer['quotes']];
          if (!quote) continue;
          body[id] = { usd: quote.usd, usd_24h_change: quote.change };
          if (wantsNgn && quote.ngn !== undefined) body[id].ngn = quote.ngn;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
    }
  }
}
