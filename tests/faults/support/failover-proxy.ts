import net from 'node:net';

/**
 * A TCP load balancer in front of several instances, as nginx's `proxy_next_upstream error`
 * does: each new connection goes to the first instance that accepts it; one that refuses (it
 * stopped listening, or is gone) is skipped. It keeps which instance each connection reached.
 */
export class FailoverProxy {
  /** The port each accepted connection was given to, in order. */
  readonly routed: number[] = [];
  private readonly open = new Set<net.Socket>();
  private readonly server: net.Server;

  private constructor(private readonly ports: readonly number[]) {
    this.server = net.createServer((client) => {
      client.pause();
      this.open.add(client);
      client.on('close', () => this.open.delete(client));
      client.on('error', () => client.destroy());
      this.connect(client, 0);
    });
  }

  static async start(ports: readonly number[]): Promise<FailoverProxy> {
    const proxy = new FailoverProxy(ports);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  private connect(client: net.Socket, index: number): void {
    const port = this.ports[index];
    if (port === undefined || client.destroyed) {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, '127.0.0.1');
    const refused = () => this.connect(client, index + 1);
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.off('error', refused);
      this.routed.push(port);
      this.open.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      upstream.on('error', drop).on('close', drop);
      client.on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
