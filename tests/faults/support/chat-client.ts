import { randomUUID } from 'node:crypto';
import type { Message } from '../../../src/shared/api/messages';

/** What became of one POST: an answer from the server, or no answer at all. */
export type PostOutcome =
  | { kind: 'answered'; status: number; body: unknown; ms: number }
  | { kind: 'network'; error: string; ms: number };

const REQUEST_TIMEOUT_MS = 30_000;

/** A signed-in user of one running app, as a browser would call it (cookie and Origin). */
export class ApiUser {
  constructor(
    public baseUrl: string,
    readonly cookie: string,
  ) {}

  async request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    timeoutMs = REQUEST_TIMEOUT_MS,
  ): Promise<PostOutcome> {
    const started = performance.now();
    try {
      const response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          cookie: this.cookie,
          origin: new URL(this.baseUrl).origin,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: keep the text, the caller's assertion shows it.
      }
      return {
        kind: 'answered',
        status: response.status,
        body: parsed,
        ms: performance.now() - started,
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return {
        kind: 'network',
        error: cause?.code ?? cause?.message ?? String(error),
        ms: performance.now() - started,
      };
    }
  }

  sendMessage(chatSessionId: number, clientMessageId: string, content: string) {
    return this.request('POST', `/api/chat-sessions/${chatSessionId}/messages`, {
      clientMessageId,
      content,
    });
  }

  async createChatSession(category: 'bitcoin' | 'usdt' = 'bitcoin'): Promise<number> {
    const outcome = await this.request('POST', '/api/chat-sessions', { category });
    if (outcome.kind !== 'answered' || outcome.status !== 201) {
      throw new Error(`creating a chat session failed: ${JSON.stringify(outcome)}`);
    }
    return (outcome.body as { id: number }).id;
  }

  /** Every message of a session, oldest first, through the API. */
  async listMessages(chatSessionId: number): Promise<Message[]> {
    const all: Message[] = [];
    let after = 0;
    for (;;) {
      const path = `/api/chat-sessions/${chatSessionId}/messages?after=${after}&limit=200`;
      let outcome = await this.request('GET', path);
      // Right after a restart a kept-alive connection may be a dead one: one more try.
      if (outcome.kind === 'network') outcome = await this.request('GET', path);
      if (outcome.kind !== 'answered' || outcome.status !== 200) {
        throw new Error(`listing messages failed: ${JSON.stringify(outcome)}`);
      }
      const page = outcome.body as { items: Message[]; nextCursor: string | null };
      all.push(...page.items);
      if (page.nextCursor === null) return all;
      after = Number(page.nextCursor);
    }
  }
}

/** A message a client means to send, and what it knows about it so far. */
export interface PlannedMessage {
  clientMessageId: string;
  chatSessionId: number;
  content: string;
  /** The server's message, once an answer of 200 or 201 acknowledged it. */
  acked?: Message;
}

export function planMessage(chatSessionId: number, content: string): PlannedMessage {
  return { clientMessageId: randomUUID(), chatSessionId, content };
}

/** The server acknowledged the message: 201 stored now, 200 stored before (a retry). */
export function isStored(outcome: PostOutcome): boolean {
  return outcome.kind === 'answered' && (outcome.status === 200 || outcome.status === 201);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends until the server acknowledges, as a client with an outbox does: network errors and
 * 503 are retried with the same clientMessageId; any other answer is a failure.
 */
export async function sendUntilStored(
  user: ApiUser,
  message: PlannedMessage,
  deadlineMs = 60_000,
): Promise<{ status: number; message: Message; attempts: number }> {
  const deadline = Date.now() + deadlineMs;
  for (let attempt = 1; ; attempt++) {
    const outcome = await user.sendMessage(
      message.chatSessionId,
      message.clientMessageId,
      message.content,
    );
    if (outcome.kind === 'answered' && isStored(outcome)) {
      return { status: outcome.status, message: outcome.body as Message, attempts: attempt };
    }
    const retryable =
      outcome.kind === 'network' || (outcome.kind === 'answered' && outcome.status === 503);
    if (!retryable || Date.now() > deadline) {
      throw new Error(
        `sending ${message.clientMessageId} failed after ${attempt} attempts: ${JSON.stringify(outcome)}`,
      );
    }
    await sleep(Math.min(100 * attempt, 1_000));
  }
}

/** Runs `work` over `items` with at most `concurrency` at a time, in order of start. */
export async function eachLimited<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
