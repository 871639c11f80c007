import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 standing in for an outside API (Esplora, TronGrid, CoinGecko,
 * Paystack): the app's own HTTP client talks to it, so timeouts and broken answers are tested
 * as they happen. Each fake says only how it answers (`handle`); starting, stopping and a
 * hang that `stop` can end are the same for all of them.
 */
export abstract class FakeHttpServer {
  private server: http.Server | undefined;
  /** Responses held open by `hang`: `stop` destroys them, or `close` would wait for them. */
  private readonly hanging = new Set<http.ServerResponse>();

  /**
   * @param name how a "not running" error names it.
   * @param basePath what `url` ends with: the API's root, as the app is configured with it.
   */
  protected constructor(
    private readonly name: string,
    private readonly basePath = '',
  ) {}

  /** Where the app finds it; throws while it is not running, as a test that forgot `start`. */
  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error(`${this.name} server is not running`);
    return `http://127.0.0.1:${address.port}${this.basePath}`;
  }

  /** Listens on `port` (0: a free one); returns itself, for `await new X().start()`. */
  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return this;
  }

  /**
   * Drops the answers `hang` holds: each client sees its connection cut at once, instead of
   * waiting for its timeout (a test that has seen what the hang does, and lets the client go).
   */
  endHanging(): void {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
  }

  /** Ends hanging answers and open connections first, so closing never waits on a client. */
  async stop(): Promise<void> {
    this.endHanging();
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Never answers `res` (an API that hangs): the client's timeout must end the wait. */
  protected hang(res: http.ServerResponse): void {
    this.hanging.add(res);
    res.on('close', () => this.hanging.delete(res));
  }

  protected abstract handle(req: http.IncomingMessage, res: http.ServerResponse): void;
}
