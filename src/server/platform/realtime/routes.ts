import type {} from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import {
  clientFrameSchema,
  SOCKET_CLOSE_CODES,
  type ServerFrame,
} from '../../../shared/api/realtime';
import type { Config } from '../../config';
import { requireUser } from '../auth';
import type { RealtimeHub, Subscriber } from './hub';
import type { SocketSessions } from './socket-sessions';
import type { TypingRelay } from './typing';

/** Server pings this often; a socket that misses two pongs is dropped. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/ws: the realtime socket, authenticated by the session cookie like any request, and
 * closed with 4401 when that session ends (socket-sessions.ts).
 * The client sends `resume` with the last event id it has; the server sends what it missed,
 * then live events.
 */
export const realtimeRoutes: FastifyPluginAsync<{
  hub: RealtimeHub;
  sessions: SocketSessions;
  typing: TypingRelay;
  config: Config;
}> = async (app, { hub, sessions, typing, config }) => {
  const publicOrigin = new URL(config.publicUrl).origin;

  app.get('/api/ws', { websocket: true, config: { role: 'customer' } }, async (socket, request) => {
    const origin = request.headers.origin;
    // Browsers always send Origin on a WebSocket: refuse pages of other sites (CSWSH).
    if (
      origin !== undefined &&
      origin !== publicOrigin &&
      origin !== `${request.protocol}://${request.host}`
    ) {
      socket.close(SOCKET_CLOSE_CODES.crossOrigin, 'Cross-origin socket refused');
      return;
    }
    const user = requireUser(request);
    const { tokenHash, expiresAt, lastSeenAt } = request.auth!;
    let alive = true;
    const subscriber: Subscriber = {
      user,
      tokenHash,
      session: { expiresAt, lastSeenAt },
      lastSentId: -1,
      pending: null,
      watching: new Set(),
      send: (frame: ServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      },
      sendShared: (frame) => {
        // The whole WebSocket frame, built once for every socket, straight onto the connection.
        // Safe beside ws's own writes: these sockets never compress (no permessage-deflate), so
        // ws writes each of its frames at once and one written here cannot land inside it.
        if (socket.readyState === socket.OPEN) request.raw.socket.write(frame.wire);
      },
      bufferedAmount: () => socket.bufferedAmount,
      // The connection under the socket (the upgraded request's): Node's own cork and uncork.
      cork: () => request.raw.socket.cork(),
      uncork: () => request.raw.socket.uncork(),
      close: (code, reason) => socket.close(code, reason),
    };
    hub.add(subscriber);
    sessions.watch(subscriber);

    const heartbeat = setInterval(() => {
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    socket.on('pong', () => {
      alive = true;
    });
    socket.on('close', () => {
      clearInterval(heartbeat);
      hub.remove(subscriber);
    });
    socket.on('message', (data) => {
      alive = true;
      let frame;
      try {
        frame = clientFrameSchema.parse(JSON.parse(String(data)));
      } catch {
        socket.close(4400, 'Bad frame');
        return;
      }
      if (frame.type === 'ping') {
        subscriber.send({ type: 'pong' });
        return;
      }
      if (frame.type === 'watch') {
        subscriber.watching = new Set(frame.chatSessionIds);
        return;
      }
      if (frame.type === 'typing') {
        typing.typing(subscriber, frame.chatSessionId).catch((error: unknown) => {
          request.log.debug({ err: error }, 'realtime: typing failed');
        });
        return;
      }
      hub.resume(subscriber, frame.after).catch((error: unknown) => {
        request.log.warn({ err: error }, 'realtime: resume failed');
        socket.close(SOCKET_CLOSE_CODES.resumeFailed, 'Resume failed; reconnect');
      });
    });
    subscriber.send({ type: 'hello', lastEventId: await hub.latestId() });
  });
};
