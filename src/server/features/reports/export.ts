import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../../shared/api/reports';
import { DEMO_CUSTOMER_ID } from '../../../shared/api/demo';
import { dec } from '../../../shared/money';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import { csvRow } from './csv';

const BATCH = 1000;

function rangeSql(column: SQL, from: string, to: string): SQL {
  const tz = BUSINESS_TIME_ZONE;
  return sql`${column} >= (${from}::date::timestamp at time zone ${tz}) and ${column} < ((${to}::date + 1)::timestamp at time zone ${tz})`;
}

/** Streams rows in id order, a batch at a time (keyset), so memory stays flat for any range. */
function stream(
  header: string[],
  next: (afterId: number) => Promise<{ id: number; cells: unknown[] }[]>,
): Readable {
  async function* lines() {
    yield csvRow(header);
    for (let afterId = 0; ;) {
      const batch = await next(afterId);
      if (batch.length === 0) return;
      afterId = batch.at(-1)!.id;
      yield batch.map((r) => csvRow(r.cells)).join('');
    }
  }
  return Readable.from(lines());
}

export function exportTransactions(db: Db, from: string, to: string): Readable {
  return stream(
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
    ],
    async (afterId) => {
      const found = await rows<Record<string, unknown>>(
        db,
        sql`select t.*, c.email as customer_email from transactions t join users c on c.id = t.customer_id
            where t.id > ${afterId} and ${rangeSql(sql`t.created_at`, from, to)}
              and t.customer_id <> ${DEMO_CUSTOMER_ID}
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
        ],
      }));
    },
  );
}

export function exportAuditLog(db: Db, from: string, to: string): Readable {
  return stream(
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
          where a.id > ${afterId} and ${rangeSql(sql`a.created_at`, from, to)}
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
