import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createTestApp } from '../../../../tests/support/app';
import { openPgliteTestDatabase } from '../../../../tests/support/databases';
import { frameText, SharedFrame } from './shared-frame';

describe('a frame built once and written as it is', () => {
  let server: WebSocketServer;
  let url: string;

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('reads as text messages in a WebSocket client, at each of the three header sizes', async () => {
    // 7-bit, 16-bit and 64-bit lengths (RFC 6455, 5.2), straight onto the connection as the
    // realtime route writes them.
    const payloads = ['x'.repeat(125), 'é'.repeat(200), 'y'.repeat(70_000)];
    server.once('connection', (_socket, request) => {
      for (const payload of payloads) request.socket.write(frameText(Buffer.from(payload)));
    });
    const client = new WebSocket(url);
    const received: { text: string; binary: boolean }[] = [];
    await new Promise<void>((resolve, reject) => {
      client.on('message', (data, binary) => {
        received.push({ text: String(data), binary });
        if (received.length === payloads.length) resolve();
      });
      client.on('error', reject);
    });
    client.close();
    expect(received).toEqual(payloads.map((text) => ({ text, binary: false })));
  });

  it('keeps the JSON and its frame, built once', () => {
    const frame = new SharedFrame({ type: 'pong' });
    expect(frame.text.toString()).toBe('{"type":"pong"}');
    expect(frame.wire).toBe(frame.wire);
    expect(frame.wire).toEqual(Buffer.concat([Buffer.from([0x81, 15]), frame.text]));
  });
});

describe("the app's sockets", () => {
  it('never compress: a frame written straight onto the connection cannot land inside one of ws', async () => {
    // routes.ts writes shared frames past ws's sender, which is safe only while ws writes each
    // of its frames at once; with permessage-deflate it would queue them while compressing.
    const database = await openPgliteTestDatabase();
    const app = await createTestApp({ database });
    try {
      await app.ready();
      expect(app.websocketServer.options.perMessageDeflate).toBe(false);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
