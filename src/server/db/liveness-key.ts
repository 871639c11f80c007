import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client';
import { rows } from './raw';

/**
 * A number this instance holds for as long as it runs: a PostgreSQL session advisory lock
 * (`space`, key) on a connection of its own, the key drawn at random until one is free. What the
 * instance claims in the database carries its key; a claim whose key no session holds was left by
 * an instance that stopped (its connection, and so its lock, went with it) and is free at once,
 * with no lease to wait out. On PGlite (one process per folder) the lock is the single session's,
 * which ends with the process; `release` lets go of it on a clean stop.
 */
export class LivenessKey {
  private client: pg.Client | undefined;
  private key: number | undefined;

  constructor(
    private readonly database: Pick<Database, 'kind' | 'url' | 'db'>,
    /** The lock space of this kind of claim (the first of the lock's two numbers). */
    private readonly space: number,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** This instance's key, taken when it has none; undefined while the database is out of reach. */
  async current(): Promise<number | undefined> {
    if (this.key !== undefined) return this.key;
    try {
      for (;;) {
        const key = randomInt(1, 2 ** 31 - 1);
        if (await this.tryLock(key)) {
          this.key = key;
          return key;
        }
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'liveness key could not be taken');
      this.drop();
      return undefined;
    }
  }

  /** Lets go of the key (closing its connection on PostgreSQL). */
  async release(): Promise<void> {
    const { client, key } = this;
    this.client = undefined;
    this.key = undefined;
    if (this.database.kind === 'pglite') {
      if (key !== undefined)
        await this.database.db
          .execute(sql`select pg_advisory_unlock(${this.space}, ${key})`)
          .catch(() => undefined);
      return;
    }
    await client?.end().catch(() => undefined);
  }

  /**
   * True where `keyColumn` holds a key of this space that some session holds now (an instance
   * that runs). Read once per statement from pg_locks.
   */
  static held(space: number, keyColumn: SQL): SQL {
    return sql`${keyColumn} in (select objid::bigint from pg_locks
                               where locktype = 'advisory' and classid::bigint = ${space}
                                 and objsubid = 2 and granted)`;
  }

  private async tryLock(key: number): Promise<boolean> {
    const statement = 'select pg_try_advisory_lock($1, $2) as locked';
    if (this.database.kind === 'pglite' || !this.database.url) {
      const [row] = await rows<{ locked: boolean }>(
        this.database.db,
        sql`select pg_try_advisory_lock(${this.space}, ${key}) as locked`,
      );
      return row?.locked === true;
    }
    if (!this.client) {
      const client = new pg.Client({ connectionString: this.database.url });
      client.on('error', (error) => {
        this.logger.warn({ err: error }, 'liveness key connection lost');
        this.drop();
      });
      this.client = client;
      await client.connect();
    }
    const result = await this.client.query<{ locked: boolean }>(statement, [this.space, key]);
    return result.rows[0]?.locked === true;
  }

  private drop(): void {
    const client = this.client;
    this.client = undefined;
    this.key = undefined;
    void client?.end().catch(() => undefined);
  }
}
