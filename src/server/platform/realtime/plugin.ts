import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RealtimeHub } from './hub';
import { Presence } from './presence';
import { realtimeRoutes } from './routes';
import { SocketSessions } from './socket-sessions';
import { TypingRelay } from './typing';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
    presence: Presence;
  }
}

/**
 * The realtime hub, presence, typing and the sockets' sign-in checks, with GET /api/ws; at
 * close, the drain that sends every socket to another instance.
 */
export const realtimePlugin = fp(
  async (app) => {
    const { database, notifications, bus, events, config } = app;
    const hub = new RealtimeHub(database, events, app.log, notifications);
    app.decorate('realtime', hub);
    const presence = new Presence(database.db, hub, app.log);
    app.decorate('presence', presence);
    const sockets = new SocketSessions({
      db: database.db,
      hub,
      bus,
      notifications,
      logger: app.log,
    });
    const typing = new TypingRelay(database, hub, notifications, app.log, Date.now, bus);
    app.addHook('onReady', async () => {
      await hub.start();
      await notifications.start();
      sockets.start();
      presence.start();
    });
    const connections = trackConnections(app.server);
    let drained: Promise<void> = Promise.resolve();
    app.addHook('preClose', async () => {
      drained = stopListening(app, connections);
      await sockets.stop();
      // Every socket gets SOCKET_CLOSE_CODES.serverShuttingDown: its client reconnects at once,
      // to another instance since this one takes no connections any more, and resumes there.
      await hub.stop();
      await presence.stop();
      await notifications.stop();
    });
    // app.close() resolves once the connections open at the drain have ended (main.ts closes the
    // database after it).
    app.addHook('onClose', async () => drained);
    app.metrics.watchRealtime(hub);
    await app.register(realtimeRoutes, { hub, sessions: sockets, typing, config });
  },
  { name: 'realtime' },
);

/** Sockets that have not answered the close frame by then are cut. */
const SOCKET_DRAIN_MS = 3_000;

/** The server's open connections, as Node does not list them. */
function trackConnections(server: FastifyInstance['server']): Set<net.Socket> {
  const open = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return open;
}

/**
 * The first step of a shutdown: the listening socket closes, so a new connection (a client
 * sent away from here) is refused and the load balancer gives it to another instance. Resolves
 * once the connections open now have ended; realtime sockets still open after SOCKET_DRAIN_MS
 * are cut. (Fastify's own server.close() comes later and finds the server closed already.)
 *
 * Node's server.close() ends idle keep-alive connections, but not one that has not sent a byte
 * yet: a browser opens such a connection ahead of need (a preconnect), and it would hold the
 * shutdown to main.ts's 10 s limit, which then exits without closing the database. Nothing is
 * in flight on it, so it is closed here; its browser connects to another instance.
 */
function stopListening(app: FastifyInstance, connections: ReadonlySet<net.Socket>): Promise<void> {
  if (!app.server.listening) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const cut = setTimeout(() => {
      for (const client of app.websocketServer.clients) client.terminate();
    }, SOCKET_DRAIN_MS);
    cut.unref();
    app.server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  });
}
