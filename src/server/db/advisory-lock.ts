import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client';

/**
 * A PostgreSQL session advisory lock held on a connection of its own, so that one instance at
 * a time does a job (the deposit watcher). `hold()` says whether this instance holds it now,
 * taking it when free; a lost connection loses the lock and another instance takes it. PGlite
 * is one process: it always holds.
 */
export class AdvisoryLock {
  private client: pg.Client | undefined;
  private held = false;

  constructor(
    private readonly database: Pick<Database, 'kind' | 'url'>,
    private readonly key: number,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async hold(): Promise<boolean> {
    if (this.database.kind === 'pglite' || !this.database.url) return true;
    if (this.held && this.client) return true;
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.database.url });
        client.on('error', (error) => {
          this.logger.warn({ err: error }, 'advisory lock connection lost');
          this.drop();
        });
        this.client = client;
        await client.connect();
      }
      const result = await this.client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [this.key],
      );
      this.held = result.rows[0]?.locked === true;
      return this.held;
    } catch (error) {
      this.logger.warn({ err: error }, 'advisory lock could not be taken');
      this.drop();
      return false;
    }
  }

  /** Lets go of the lock (closing its connection). */
  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held = false;
    await client?.end().catch(() => undefined);
  }

  private drop(): void {
    const client = this.client;
    this.client = undefined;
    this.held = false;
    void client?.end().catch(() => undefined);
  }
}
