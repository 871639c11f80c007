import { type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { exportQuerySchema } from '../../../shared/api/reports';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import { withinLagosDays } from '../../db/lagos-days';
import { BATCH, csvStream } from './csv';

/** The audit log of the Lagos days `from` to `to`, as CSV, streamed. */
export function exportAuditLog(options: z.output<typeof exportQuerySchema> & { db: Db }): Readable {
  const { db, from, to } = options;
  return csvStream(
    [
      'id',
      'created_at',
      'actor_id',
      'actor_email',
      'action',
      'entity_type',
      'entity_id',
      'before',
      'after',
    ],
    async (afterId) => {
      const found = await rows<Record<string, unknown>>(
        db,
        sql`select a.*, u.email as actor_email from audit_log a left join users u on u.id = a.actor_id
          where a.id > ${afterId} and ${withinLagosDays(sql`a.created_at`, { from, to })}
          order by a.id limit ${BATCH}`,
      );
      return found.map((a) => ({
        id: Number(a.id),
        cells: [
          a.id,
          iso(a.created_at),
          a.actor_id,
          a.actor_email,
          a.action,
          a.entity_type,
          a.entity_id,
          a.before,
          a.after,
        ],
      }));
    },
  );
}
