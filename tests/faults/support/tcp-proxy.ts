import net from 'node:net';

/**
 * A TCP relay in front of a server: clients connect to it instead of the server, and `cut()`
 * resets every connection at once, both ways, as a network failure does (no WebSocket close
 * frame, no goodbye on either side).
 */
export class TcpProxy {
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private readonly server: net.Server;

  private constructor(targetPort: number) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(targetPort, '127.0.0.1');
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      const drop = () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  static async start(targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetPort);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  /** Resets every connection through the relay; returns how many there were. */
  cut(): number {
    const count = this.pairs.size;
    for (const [client, upstream] of this.pairs) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    this.pairs.clear();
    return count;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
