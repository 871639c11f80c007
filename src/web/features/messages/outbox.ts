import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';

export type OutgoingStatus = 'sending' | 'failed';

/** A message the viewer sent that the server has not confirmed yet: an optimistic bubble. */
export interface OutgoingMessage {
  /** Sent with every attempt: the server keeps one message per id. */
  clientMessageId: string;
  chatSessionId: number;
  /** note: an agent's private note (never kept across reloads: a retry could not tell it apart). */
  kind: 'text' | 'image' | 'note';
  content: string;
  /** The image to upload, and a local URL showing it meanwhile. */
  file?: File;
  previewUrl?: string;
  status: OutgoingStatus;
  /**
   * Why it failed. 'network': it may not have reached the server; it is sent again when the
   * connection is back. 'server': the server failed or asked to wait (5xx, 401, 408, 429); only
   * the viewer's Retry sends it. 'rejected': the server refused this message (any other 4xx),
   * so sending it again can never work: `reason` says why, and there is no Retry.
   */
  failure?: 'network' | 'server' | 'rejected';
  /** The server's words for a rejected message. */
  reason?: string;
  createdAt: string;
}

/** Where a chat's unsent texts are kept across reloads: one key per chat. */
export const UNSENT_KEY_PREFIX = 'agentchat:unsent:';

const storedUnsentSchema = z.array(
  z.object({
    clientMessageId: z.uuid(),
    content: z.string(),
    createdAt: z.string(),
    failure: z.enum(['network', 'server', 'rejected']).optional(),
    reason: z.string().optional(),
  }),
);

type UnsentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function unsentKeys(storage: UnsentStorage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(UNSENT_KEY_PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * The texts a reload would lose: every unconfirmed one. After a reload each comes back "Not
 * sent"; one that was on its way may have arrived, and sending it again with its
 * clientMessageId cannot duplicate it. Images are not kept (their files are gone).
 */
function restore(storage: UnsentStorage): OutgoingMessage[] {
  return unsentKeys(storage).flatMap((key) => {
    const chatSessionId = Number(key.slice(UNSENT_KEY_PREFIX.length));
    let stored: z.infer<typeof storedUnsentSchema>;
    try {
      stored = storedUnsentSchema.parse(JSON.parse(storage.getItem(key) ?? ''));
    } catch {
      storage.removeItem(key);
      return [];
    }
    if (!Number.isSafeInteger(chatSessionId)) return [];
    return stored.map((s): OutgoingMessage => ({
      ...s,
      chatSessionId,
      kind: 'text',
      status: 'failed',
      failure: s.failure ?? 'network',
    }));
  });
}

function persist(storage: UnsentStorage, entries: readonly OutgoingMessage[]): void {
  const byChat = new Map<number, z.infer<typeof storedUnsentSchema>>();
  for (const e of entries) {
    if (e.kind !== 'text') continue;
    const list = byChat.get(e.chatSessionId) ?? [];
    list.push({
      clientMessageId: e.clientMessageId,
      content: e.content,
      createdAt: e.createdAt,
      failure: e.failure,
      reason: e.reason,
    });
    byChat.set(e.chatSessionId, list);
  }
  for (const key of unsentKeys(storage)) {
    if (!byChat.has(Number(key.slice(UNSENT_KEY_PREFIX.length)))) storage.removeItem(key);
  }
  for (const [chatSessionId, list] of byChat) {
    storage.setItem(`${UNSENT_KEY_PREFIX}${chatSessionId}`, JSON.stringify(list));
  }
}

/**
 * The viewer's unconfirmed messages, for every conversation on the page. With a storage
 * (localStorage), unsent texts survive a reload until they are sent or discarded.
 */
export class Outbox {
  private entries: readonly OutgoingMessage[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage?: UnsentStorage) {
    if (storage) this.entries = restore(storage);
  }

  getSnapshot = (): readonly OutgoingMessage[] => this.entries;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(clientMessageId: string): OutgoingMessage | undefined {
    return this.entries.find((e) => e.clientMessageId === clientMessageId);
  }

  put(entry: OutgoingMessage): void {
    this.set([...this.entries.filter((e) => e.clientMessageId !== entry.clientMessageId), entry]);
  }

  patch(clientMessageId: string, patch: Partial<OutgoingMessage>): void {
    if (!this.get(clientMessageId)) return;
    this.set(
      this.entries.map((e) => (e.clientMessageId === clientMessageId ? { ...e, ...patch } : e)),
    );
  }

  /**
   * The server confirmed these (their bubbles become the stored messages), or the viewer
   * removed them.
   */
  confirm(clientMessageIds: Iterable<string>): void {
    const ids = new Set(clientMessageIds);
    const gone = this.entries.filter((e) => ids.has(e.clientMessageId));
    if (gone.length === 0) return;
    for (const entry of gone) if (entry.previewUrl) URL.revokeObjectURL(entry.previewUrl);
    this.set(this.entries.filter((e) => !ids.has(e.clientMessageId)));
  }

  /** The viewer gave up on a message that was not sent: it goes, here and in storage. */
  discard(clientMessageId: string): void {
    this.confirm([clientMessageId]);
  }

  clear(): void {
    this.confirm(this.entries.map((e) => e.clientMessageId));
  }

  private set(next: readonly OutgoingMessage[]): void {
    this.entries = next;
    if (this.storage) {
      try {
        persist(this.storage, next);
      } catch {
        // Storage full or refused (private mode): the bubbles still work for this page.
      }
    }
    for (const listener of this.listeners) listener();
  }
}

/** localStorage, where the browser allows it (not on the server, not when blocked). */
function browserStorage(): UnsentStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The page's one outbox: bubbles survive leaving and reopening a conversation, and reloads. */
export const outbox = new Outbox(browserStorage());

export function useOutbox(chatSessionId: number): OutgoingMessage[] {
  const entries = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
  return useMemo(
    () => entries.filter((e) => e.chatSessionId === chatSessionId),
    [entries, chatSessionId],
  );
}
