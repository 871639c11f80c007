import type { UnreadCounts } from './alert-store';

/**
 * What waits for the agent: every unread item, and each chat still without an agent that has
 * none (the list's green dot), so a waiting chat counts at least once and never twice.
 */
export function attentionTotal(counts: UnreadCounts, waiting: readonly number[] = []): number {
  let total = 0;
  for (const n of Object.values(counts)) total += n;
  for (const id of new Set(waiting)) if (!counts[id]) total += 1;
  return total;
}

/** "(3) Chats · AgentChat", or "Chats · AgentChat" when nothing waits. */
export function alertTitle(total: number, label: string, brandName: string): string {
  const base = `${label} · ${brandName}`;
  return total > 0 ? `(${total}) ${base}` : base;
}
