import { type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { notDemoCustomer } from '../../db/demo-customer';
import { dec } from '../../../shared/money';
import type { z } from 'zod';
import type { exportQuerySchema } from '../../../shared/api/reports';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import { withinLagosDays } from '../../db/lagos-days';
import { BATCH, csvStream } from './csv';

/** Transactions created in the Lagos days `from` to `to`, as CSV, streamed. */
export function exportTransactions(
  options: z.output<typeof exportQuerySchema> & { db: Db },
): Readable {
  const { db, from, to } = options;
  return csvStream(
    [
      'id',
      'reference',
      'created_at',
      'status',
      'type',
      'currency',
      'amount',
      'rate_ngn',
      'total_ngn',
      'customer_id',
      'customer_email',
      'agent_id',
      'chat_session_id',
      'reason',
      // A trade recorded by hand before trades came only from orders: never in volume.
      'manual',
    ],
    async (afterId) => {
      const found = await rows<Record<string, unknown>>(
        db,
        sql`select t.*, c.email as customer_email from transactions t join users c on c.id = t.customer_id
            where t.id > ${afterId} and ${withinLagosDays(sql`t.created_at`, { from, to })}
              and ${notDemoCustomer(sql`t.customer_id`)}
            order by t.id limit ${BATCH}`,
      );
      return found.map((t) => ({
        id: Number(t.id),
        cells: [
          t.id,
          t.reference,
          iso(t.created_at),
          t.status,
          t.kind,
          t.currency,
          dec(String(t.amount)).toFixed(),
          dec(String(t.rate)).toFixed(),
          dec(String(t.total)).toFixed(2),
          t.customer_id,
          t.customer_email,
          t.agent_id,
          t.chat_session_id,
          t.reason,
          t.manual === true ? 'true' : 'false',
        ],
      }));
    },
  );
}
