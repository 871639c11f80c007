import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Notifications } from '../db/notifications';
import { EventBus } from './event-bus';
import type { AppMetrics } from './metrics/app-metrics';
import { EventLog } from './realtime/events';
import { createStorage, type ObjectStorage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** `database.db`: what every query runs on. */
    db: Db;
    /** Features tell each other what changed through it (platform/event-bus.ts). */
    bus: EventBus;
    /** The database's NOTIFY messages: what other instances changed. */
    notifications: Notifications;
    /** The realtime events' log: appended in a transaction, sent to sockets at commit. */
    events: EventLog;
    /** The time orders are locked, expired and stamped by; tests pass a fake clock. */
    clock: () => Date;
    /** Images: DATA_DIR/uploads, or a bucket every instance shares (STORAGE=s3). */
    storage: ObjectStorage;
    metrics: AppMetrics;
  }
}

/**
 * What every capability's plugin reads from the app instead of taking it as an option:
 * decorated once, on the root, before the first plugin.
 */
export function decorateSharedDeps(
  app: FastifyInstance,
  deps: { config: Config; database: Database; clock: () => Date; metrics: AppMetrics },
): void {
  const { config, database } = deps;
  const bus = new EventBus();
  const storage = createStorage(config.storage);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('bus', bus);
  app.decorate('notifications', database.notifications(app.log));
  app.decorate('events', new EventLog(database, bus));
  app.decorate('clock', deps.clock);
  app.decorate('storage', storage);
  app.decorate('metrics', deps.metrics);
  app.addHook('onClose', () => storage.close());
}
