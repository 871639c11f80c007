import { useMemo, useSyncExternalStore } from 'react';

export type OutgoingStatus = 'sending' | 'failed';

/** A message the viewer sent that the server has not confirmed yet: an optimistic bubble. */
export interface OutgoingMessage {
  /** Sent with every attempt: the server keeps one message per id. */
  clientMessageId: string;
  chatSessionId: number;
  kind: 'text' | 'image';
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

/** The viewer's unconfirmed messages, for every conversation on the page. */
export class Outbox {
  private entries: readonly OutgoingMessage[] = [];
  private readonly listeners = new Set<() => void>();

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

  clear(): void {
    this.confirm(this.entries.map((e) => e.clientMessageId));
  }

  private set(next: readonly OutgoingMessage[]): void {
    this.entries = next;
    for (const listener of this.listeners) listener();
  }
}

/** The page's one outbox: bubbles survive leaving and reopening a conversation. */
export const outbox = new Outbox();

export function useOutbox(chatSessionId: number): OutgoingMessage[] {
  const entries = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
  return useMemo(
    () => entries.filter((e) => e.chatSessionId === chatSessionId),
    [entries, chatSessionId],
  );
}
