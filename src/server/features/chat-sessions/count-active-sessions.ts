import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { activeChatCountSchema } from '../../../shared/api/chat-sessions';
import { notDemoCustomer } from '../../db/demo-customer';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';

/** The agent dashboard's Active Chats: every open or active chat, the demo's left out. */
export async function countActiveSessions({
  db,
}: {
  db: Db;
}): Promise<z.output<typeof activeChatCountSchema>> {
  const [row] = await rows<{ count: string | number }>(
    db,
    sql`select count(*) as count from chat_sessions
        where status in ('open', 'active') and ${notDemoCustomer(sql`customer_id`)}`,
  );
  return { count: Number(row?.count ?? 0) };
}
