import type { ChatSession } from '../../../shared/api/chat-sessions';
import type { RealtimeEvent } from '../../../shared/api/realtime';
import { customerName } from './customer-name';

/** Unread items per chat session id, for the agent in this tab. */
export type UnreadCounts = Readonly<Record<number, number>>;

/** Something new the agent has not seen: it rings and, on a hidden page, notifies. */
export type AlertItem =
  | { kind: 'chat'; sessionId: number; customerName: string }
  | {
      kind: 'message';
      sessionId: number;
      /** Known when an earlier event carried the session; else the notifier looks it up. */
      customerName: string | null;
      /** The message's text; null for a photo. */
      text: string | null;
    };

export interface AgentAlertStore {
  getSnapshot(): UnreadCounts;
  subscribe(listener: () => void): () => void;
  /** One realtime event; what it brings that the agent has not seen, if anything. */
  handleEvent(event: RealtimeEvent): AlertItem | null;
  /** The conversation on screen (null when none). Opening one clears its count. */
  setViewing(sessionId: number | null): void;
  /** The page came back into view: the conversation on screen is read now. */
  visibilityChanged(): void;
  clear(sessionId: number): void;
  /** Forgets everything, the stored copy too (tests, sign-out). */
  reset(): void;
}

export interface AgentAlertStoreOptions {
  /** Where counts survive a reload: the tab's sessionStorage. */
  storage?: Storage | null;
  /** Whether the page is on screen now. */
  isVisible?: () => boolean;
}

export const UNREAD_STORAGE_KEY = 'agentchat.agent-alerts.unread';

/**
 * Events reach every screen's listener once, but two screens may listen at once while the
 * route changes: an event id seen lately is not counted again.
 */
const RECENT_EVENT_IDS = 200;

interface Stored {
  counts: Record<number, number>;
  /** New chats with no message yet: their first message takes their place in the count. */
  fresh: number[];
}

function readStored(storage: Storage | null): Stored {
  try {
    const raw = storage?.getItem(UNREAD_STORAGE_KEY);
    if (!raw) return { counts: {}, fresh: [] };
    const parsed = JSON.parse(raw) as Partial<Stored>;
    const counts: Record<number, number> = {};
    for (const [id, n] of Object.entries(parsed.counts ?? {})) {
      if (Number.isInteger(Number(id)) && Number.isInteger(n) && n > 0) counts[Number(id)] = n;
    }
    const fresh = Array.isArray(parsed.fresh)
      ? parsed.fresh.filter((id) => Number.isInteger(id) && counts[id] !== undefined)
      : [];
    return { counts, fresh };
  } catch {
    // Unreadable or blocked storage: start from nothing.
    return { counts: {}, fresh: [] };
  }
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const documentVisible = () =>
  typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * What the agent has not seen yet, per chat: each customer message in a conversation that is
 * not on screen, and each new chat (which counts one until its first message takes its place).
 * The agent's own side's messages never count. Kept in sessionStorage so a reload keeps it.
 */
export function createAgentAlertStore(options: AgentAlertStoreOptions = {}): AgentAlertStore {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const isVisible = options.isVisible ?? documentVisible;
  const stored = readStored(storage);
  let counts: UnreadCounts = stored.counts;
  const fresh = new Set(stored.fresh);
  let viewing: number | null = null;
  const recent = new Set<number>();
  const names = new Map<number, string>();
  const listeners = new Set<() => void>();

  function save(): void {
    try {
      if (Object.keys(counts).length === 0) storage?.removeItem(UNREAD_STORAGE_KEY);
      else storage?.setItem(UNREAD_STORAGE_KEY, JSON.stringify({ counts, fresh: [...fresh] }));
    } catch {
      // Full or blocked storage: the counts still work until a reload.
    }
  }

  function set(next: UnreadCounts): void {
    counts = next;
    save();
    for (const listener of listeners) listener();
  }

  function clear(sessionId: number): void {
    fresh.delete(sessionId);
    if (counts[sessionId] === undefined) return;
    const { [sessionId]: _cleared, ...rest } = counts;
    set(rest);
  }

  function onScreen(sessionId: number): boolean {
    return viewing === sessionId && isVisible();
  }

  function firstSighting(eventId: number): boolean {
    if (recent.has(eventId)) return false;
    recent.add(eventId);
    if (recent.size > RECENT_EVENT_IDS) recent.delete(recent.values().next().value!);
    return true;
  }

  function remember(session: ChatSession): string {
    const name = customerName(session.customer);
    names.set(session.id, name);
    return name;
  }

  return {
    getSnapshot: () => counts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    handleEvent(event) {
      switch (event.type) {
        case 'session.updated':
          remember(event.session);
          return null;
        case 'session.created': {
          if (!firstSighting(event.id)) return null;
          const name = remember(event.session);
          if (onScreen(event.chatSessionId)) return null;
          if (counts[event.chatSessionId] === undefined) {
            fresh.add(event.chatSessionId);
            set({ ...counts, [event.chatSessionId]: 1 });
          }
          return { kind: 'chat', sessionId: event.chatSessionId, customerName: name };
        }
        case 'message.created': {
          const { message, chatSessionId } = event;
          if (message.senderRole !== 'customer') return null;
          if (!firstSighting(event.id) || onScreen(chatSessionId)) return null;
          // A new chat's first message takes the place of the chat in the count.
          const replacesNewChat = fresh.delete(chatSessionId);
          const current = counts[chatSessionId] ?? 0;
          set({ ...counts, [chatSessionId]: replacesNewChat ? Math.max(current, 1) : current + 1 });
          return {
            kind: 'message',
            sessionId: chatSessionId,
            customerName: names.get(chatSessionId) ?? null,
            text: message.messageType === 'text' ? message.content : null,
          };
        }
        default:
          return null;
      }
    },
    setViewing(sessionId) {
      viewing = sessionId;
      if (sessionId !== null && isVisible()) clear(sessionId);
    },
    visibilityChanged() {
      if (viewing !== null && isVisible()) clear(viewing);
    },
    clear,
    reset() {
      fresh.clear();
      recent.clear();
      names.clear();
      viewing = null;
      set({});
    },
  };
}

/** The page's one store. */
export const agentAlerts = createAgentAlertStore();
