import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralPorts, freePort } from './server-process';

describe('freePort', () => {
  it('gives a port outside the range outgoing connections take theirs from, and it is free', async () => {
    const [low] = ephemeralPorts();
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(low);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports[0], '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
