import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lockedChatMessage } from '../../../shared/api/chat-sessions';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import type { ChatStatus } from '../../../shared/domain';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer } from '../../../../tests/support/users';
import { openDatabase, type Database } from '../../db/client';
import { rows } from '../../db/raw';
import { chatSessions, imageReadings, messages } from '../../db/schema';
import { EventBus, type NewEvent } from '../../platform/event-bus';
import { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { messagesStatement, queuedMessage, sendMessage } from './send-message';

/**
 * The message path's cost in round trips to the database (issue 33): a message that does not
 * change who holds the chat is one statement, the refusals too; and each message and its event
 * are stored, and told, exactly once.
 */
describe.each(testDatabaseKinds())('a message in round trips on $name', (kind) => {
  let database: TestDatabase;
  let events: EventLog;
  const told: NewEvent[] = [];
  let customer: SessionUser;
  let other: SessionUser;
  let agent: SessionUser;
  let colleague: SessionUser;

  beforeAll(async () => {
    database = await kind.open();
    const bus = new EventBus();
    bus.on('eventsCommitted', ({ events: written }) => told.push(...written));
    events = new EventLog(database, bus);
    customer = await makeCustomer(database.db);
    other = await makeCustomer(database.db);
    agent = await makeAgent(database.db, { firstName: 'Ada' });
    colleague = await makeAgent(database.db, { firstName: 'Chidi' });
  });

  afterAll(async () => {
    await database?.dispose();
  });

  async function chat(status: ChatStatus, agentId: string | null): Promise<number> {
    const [row] = await database.db
      .insert(chatSessions)
      .values({ customerId: customer.id, category: 'bitcoin', status, agentId })
      .returning({ id: chatSessions.id });
    return row!.id;
  }

  /** `work`'s statements, as sent. */
  async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
    const sent: string[] = [];
    const stop = database.watchStatements((text) => sent.push(text));
    try {
      return { result: await work(), sent };
    } finally {
      stop();
    }
  }

  /** How many messages each of `work`'s message statements carried (on `on`, or this test's). */
  async function sizesOf<T>(
    work: () => Promise<T>,
    on: Database[] = [database],
  ): Promise<{ result: T; sizes: number[]; failed: number }> {
    const sizes: number[] = [];
    let failed = 0;
    const spies = on.map((db) => {
      const prepared = db.prepared.bind(db);
      return vi.spyOn(db, 'prepared').mockImplementation((query) => {
        const { params } = new PgDialect().sqlToQuery(query);
        if (typeof params[0] !== 'string' || !params[0].startsWith('[{"ord":'))
          return prepared(query);
        sizes.push((JSON.parse(params[0]) as unknown[]).length);
        return prepared(query).catch((error: unknown) => {
          failed++;
          throw error;
        });
      });
    });
    try {
      const result = await work();
      return { result, sizes, failed };
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }

  /**
   * A transaction on a connection of its own that holds chat `id` (as a resolve does) until
   * `release`; `end` waits for it to end and closes that connection.
   */
  async function holdChat(id: number): Promise<{ release(): void; end(): Promise<void> }> {
    const holder = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 1 });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = holder.db.transaction(async (tx) => {
      await tx.execute(sql`select id from chat_sessions where id = ${id} for update`);
      locked();
      await released;
    });
    await isLocked;
    return {
      release,
      end: async () => {
        release();
        await holding;
        await holder.close();
      },
    };
  }

  /** Fails after 5 s: a message that should not wait for the held chat did. */
  function waitedForTheHeldChat(): Promise<never> {
    return new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the free chat waited for the held one')), 5_000),
    );
  }

  async function storedEvents(clientMessageId: string) {
    return rows<{ type: string; customer_id: string | null; payload: { message: unknown } }>(
      database.db,
      sql`select type, customer_id, payload from realtime_events
          where payload -> 'message' ->> 'clientMessageId' = ${clientMessageId}`,
    );
  }

  function send(
    caller: SessionUser,
    chatSessionId: number,
    extra: Partial<Parameters<typeof sendMessage>[0]> = {},
  ) {
    return sendMessage({
      db: database.db,
      events,
      caller,
      chatSessionId,
      clientMessageId: randomUUID(),
      content: 'hello',
      cap: 5,
      ...extra,
    });
  }

  it("stores a customer's message, its session times and its event in one statement, and tells it once", async () => {
    const id = await chat('active', agent.id);
    told.length = 0;
    const clientMessageId = randomUUID();
    const { result, sent } = await statementsOf(() => send(customer, id, { clientMessageId }));
    expect(sent).toHaveLength(1);
    expect(result.created).toBe(true);
    expect(result.message).toMatchObject({ senderRole: 'customer', content: 'hello' });

    const stored = await database.db
      .select()
      .from(messages)
      .where(eq(messages.clientMessageId, clientMessageId));
    expect(stored.map((m) => m.id)).toEqual([result.message.id]);
    const [event, ...more] = await storedEvents(clientMessageId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'message.created', customer_id: customer.id });
    expect(event!.payload.message).toEqual(result.message);
    expect(told).toEqual([{ type: 'message.created', chatSessionId: id, message: result.message }]);
    const [session] = await database.db.select().from(chatSessions).where(eq(chatSessions.id, id));
    expect(session!.lastMessageAt?.toISOString()).toBe(result.message.createdAt);
    expect(session!.waitingSince?.toISOString()).toBe(result.message.createdAt);

    // The retry: the same statement answers the stored message, and writes and tells nothing.
    told.length = 0;
    const retry = await statementsOf(() =>
      send(customer, id, { clientMessageId, content: 'hello again' }),
    );
    expect(retry.sent).toHaveLength(1);
    expect(retry.result).toEqual({ message: result.message, created: false });
    expect(await storedEvents(clientMessageId)).toHaveLength(1);
    expect(told).toEqual([]);
  });

  it("an agent's reply in their own chat and a private note are one statement each", async () => {
    const id = await chat('active', agent.id);
    await send(customer, id);
    const reply = await statementsOf(() => send(agent, id));
    expect(reply.sent).toHaveLength(1);
    expect(reply.result.message.senderRole).toBe('agent');
    const [session] = await database.db.select().from(chatSessions).where(eq(chatSessions.id, id));
    expect(session!.waitingSince).toBeNull();
    expect(session!.firstResponseAt?.toISOString()).toBe(reply.result.message.createdAt);

    const clientMessageId = randomUUID();
    const note = await statementsOf(() => send(agent, id, { clientMessageId, note: true }));
    expect(note.sent).toHaveLength(1);
    expect(note.result.message.messageType).toBe('note');
    const [event, ...more] = await storedEvents(clientMessageId);
    expect(more).toEqual([]);
    // Staff only: no customer's socket gets it.
    expect(event!.customer_id).toBeNull();
    expect(event!.payload.message).toEqual(note.result.message);
  });

  it('an image message queues its reading in the same statement; its event links the stored id', async () => {
    const id = await chat('active', agent.id);
    const clientMessageId = randomUUID();
    const { result, sent } = await statementsOf(() =>
      send(customer, id, {
        clientMessageId,
        content: 'my receipt',
        attachment: { storageKey: 'k.png', mime: 'image/png', size: 10, originalName: 'r.png' },
        image: { fingerprint: 42n },
      }),
    );
    expect(sent).toHaveLength(1);
    expect(result.message.attachment?.url).toBe(`/api/attachments/${result.message.id}`);
    const [event] = await storedEvents(clientMessageId);
    expect(event!.payload.message).toEqual(result.message);
    const readings = await database.db
      .select()
      .from(imageReadings)
      .where(eq(imageReadings.messageId, result.message.id));
    expect(readings).toHaveLength(1);
  });

  it('refusals are decided from the same one statement, with the same answers, and store nothing', async () => {
    const locked = await chat('active', colleague.id);
    const resolved = await chat('closed', agent.id);
    const refusals: Array<[SessionUser, number, RegExp | string]> = [
      [agent, locked, lockedChatMessage('Chidi Agent')],
      [agent, resolved, 'This chat is resolved: reopen it to reply'],
      [other, locked, 'Chat session not found'],
      [{ ...customer, customerStatus: 'banned' }, locked, BANNED_MESSAGE],
      [customer, 2_000_000_000, 'Chat session not found'],
    ];
    for (const [caller, id, error] of refusals) {
      const clientMessageId = randomUUID();
      const attempt = await statementsOf(() =>
        send(caller, id, { clientMessageId }).then(
          () => null,
          (e: unknown) => e,
        ),
      );
      expect(attempt.sent).toHaveLength(1);
      expect(String((attempt.result as Error | null)?.message)).toMatch(error);
      expect(await storedEvents(clientMessageId)).toEqual([]);
    }
  });

  it('the first reply in an unassigned chat claims it, and still stores and tells the message once', async () => {
    const id = await chat('open', null);
    told.length = 0;
    const clientMessageId = randomUUID();
    const { result } = await statementsOf(() => send(agent, id, { clientMessageId }));
    expect(result.created).toBe(true);
    const [session] = await database.db.select().from(chatSessions).where(eq(chatSessions.id, id));
    expect(session).toMatchObject({ agentId: agent.id, status: 'active' });
    const [event, ...more] = await storedEvents(clientMessageId);
    expect(more).toEqual([]);
    expect(event!.payload.message).toEqual(result.message);
    expect(told.filter((e) => e.type === 'message.created')).toEqual([
      { type: 'message.created', chatSessionId: id, message: result.message },
    ]);
  });

  it('messages sent at once share statements, one per chat, in order; each is stored and told once', async () => {
    const chats = await Promise.all([1, 2, 3, 4, 5, 6].map(() => chat('active', agent.id)));
    const locked = await chat('active', colleague.id);
    told.length = 0;
    const retried = randomUUID();
    const { result: answers, sizes } = await sizesOf(() =>
      Promise.all([
        // In each chat a customer's message and then the agent's reply, sent at once.
        ...chats.flatMap((id) => [send(customer, id), send(agent, id)]),
        // A retry sent with its original: the same chat, so never in the same statement.
        send(customer, chats[0]!, { clientMessageId: retried, content: 'first' }),
        send(customer, chats[0]!, { clientMessageId: retried, content: 'again' }),
        // A refusal among them fails alone.
        send(agent, locked).then(
          () => 'sent',
          (error: Error) => error.message,
        ),
        // A note and an image.
        send(agent, chats[1]!, { note: true }),
        send(customer, chats[2]!, {
          attachment: { storageKey: 'k.png', mime: 'image/png', size: 10, originalName: 'r.png' },
          image: { fingerprint: 7n },
        }),
      ]),
    );
    type Sent = Awaited<ReturnType<typeof send>>;
    const results = answers.slice(0, 12).concat(answers.slice(15)) as Sent[];
    const [original, retry, refusal] = answers.slice(12, 15) as [Sent, Sent, string];
    expect(refusal).toBe(lockedChatMessage('Chidi Agent'));
    expect(retry).toEqual({ message: original.message, created: false });
    // 17 messages (the retry's twice) in fewer statements than one each, one per chat at most.
    expect(sizes.reduce((a, b) => a + b)).toBe(17);
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(7);

    const created = [...results, original];
    expect(created.every((r) => r.created)).toBe(true);
    const ids = created.map((r) => r.message.id);
    const stored = await database.db.select().from(messages).where(inArray(messages.id, ids));
    expect(stored).toHaveLength(ids.length);
    for (const r of created) {
      const clientMessageId = r.message.clientMessageId;
      const [event, ...more] = await storedEvents(clientMessageId);
      expect(more).toEqual([]);
      expect(event!.payload.message).toEqual(r.message);
      expect(event!.customer_id).toBe(r.message.messageType === 'note' ? null : customer.id);
      expect(
        told.filter((e) => 'message' in e && e.message.clientMessageId === clientMessageId),
      ).toHaveLength(1);
    }
    const image = results.at(-1)!.message;
    expect(image.attachment?.url).toBe(`/api/attachments/${image.id}`);
    expect(
      await database.db.select().from(imageReadings).where(eq(imageReadings.messageId, image.id)),
    ).toHaveLength(1);

    // Each chat's messages were written in the order sent: the reply ended the customer's wait.
    for (const [i, id] of chats.entries()) {
      const [asked, replied] = [results[2 * i]!.message, results[2 * i + 1]!.message];
      expect(replied.id).toBeGreaterThan(asked.id);
      const [session] = await database.db
        .select()
        .from(chatSessions)
        .where(eq(chatSessions.id, id));
      expect(session!.firstResponseAt?.toISOString()).toBe(replied.createdAt);
      expect(session!.waitingSince?.toISOString()).toBe(
        i === 0 ? original.message.createdAt : i === 2 ? image.createdAt : undefined,
      );
    }
  });

  it('a statement that fails for one message stores the others: each goes again alone', async () => {
    const busy = await Promise.all([1, 2, 3, 4].map(() => chat('active', agent.id)));
    const first = await chat('active', agent.id);
    // Unassigned, so that staff may write a note in it.
    const second = await chat('open', null);
    // Staff whose account is gone: their note breaks the statement's foreign key.
    const gone: SessionUser = { ...agent, id: randomUUID() };
    told.length = 0;
    const { result: answers, sizes } = await sizesOf(() =>
      Promise.all([
        // The first keeps the statement busy, so the ones after it queue and share one.
        ...busy.map((id) => send(customer, id)),
        send(customer, first),
        send(gone, second, { note: true }).then(
          () => 'stored',
          () => 'failed',
        ),
        send(agent, busy[0]!),
      ]),
    );
    expect(answers[5]).toBe('failed');
    // The statement that failed carried several messages; then each of them went again alone
    // (and nothing else went twice).
    const shared = sizes.filter((size) => size > 1);
    expect(shared).toHaveLength(1);
    expect(sizes.reduce((a, b) => a + b)).toBe(7 + shared[0]!);
    const created = [...answers.slice(0, 5), answers[6]] as Awaited<ReturnType<typeof send>>[];
    for (const r of created) {
      expect(r.created).toBe(true);
      const [event, ...more] = await storedEvents(r.message.clientMessageId);
      expect(more).toEqual([]);
      expect(event!.payload.message).toEqual(r.message);
    }
    expect(told.filter((e) => e.type === 'message.created')).toHaveLength(6);
  });

  it("a new message's statement never reads other messages: a retry's lookup runs only when nothing was inserted", async () => {
    const id = await chat('active', agent.id);
    /** How many times the statement scanned `messages` for a stored message. */
    async function lookups(clientMessageId: string): Promise<number> {
      const statement = messagesStatement(
        [
          queuedMessage({
            db: database.db,
            events,
            caller: customer,
            chatSessionId: id,
            clientMessageId,
            content: 'hello',
            cap: 5,
          }),
        ],
        events,
        { wait: false },
      );
      const [row] = await rows<{ 'QUERY PLAN': unknown }>(
        database.db,
        sql`explain (analyze, format json) ${statement}`,
      );
      const plan = row!['QUERY PLAN'];
      const found: number[] = [];
      const walk = (node: Record<string, unknown>) => {
        if (node['Relation Name'] === 'messages' && node.Alias === 'x')
          found.push(node['Actual Loops'] as number);
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? [])
          walk(child);
      };
      walk(
        (
          (typeof plan === 'string' ? JSON.parse(plan) : plan) as {
            Plan: Record<string, unknown>;
          }[]
        )[0]!.Plan,
      );
      expect(found).toHaveLength(1);
      return found[0]!;
    }
    const clientMessageId = randomUUID();
    // A table that grows with every message is never scanned on the common path, whatever
    // plan the database keeps (PGlite keeps its first until the next analyze).
    expect(await lookups(clientMessageId)).toBe(0);
    expect(await lookups(clientMessageId)).toBe(1);
  });

  it.runIf(kind.name === 'postgres')(
    "two instances' statements that share chats lock them in one order: none fails",
    async () => {
      const second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 5 });
      const secondEvents = new EventLog(second, new EventBus());
      try {
        const ids = await Promise.all(Array.from({ length: 8 }, () => chat('active', agent.id)));
        const { result, sizes, failed } = await sizesOf(
          () =>
            Promise.all(
              Array.from({ length: 15 }, () => [
                // Customers on this instance, chat by chat; the agent on the other, the other way.
                ...ids.map((id) => send(customer, id)),
                ...[...ids].reverse().map((id) =>
                  sendMessage({
                    db: second.db,
                    events: secondEvents,
                    caller: agent,
                    chatSessionId: id,
                    clientMessageId: randomUUID(),
                    content: 'hello',
                    cap: 5,
                  }),
                ),
              ]).flat(),
            ),
          [database, second],
        );
        expect(result.every((sent) => sent.created)).toBe(true);
        // No statement failed (a deadlock would).
        expect(failed).toBe(0);
        expect(Math.max(...sizes)).toBeGreaterThan(1);
      } finally {
        await second.close();
      }
    },
  );

  it.runIf(kind.name === 'postgres')(
    'a statement of several messages never waits for a chat another transaction holds: that message goes again alone',
    async () => {
      const [first, held, free] = (await Promise.all(
        [1, 2, 3].map(() => chat('active', agent.id)),
      )) as [number, number, number];
      const holder = await holdChat(held);
      try {
        const { result, sizes } = await sizesOf(async () => {
          // The first keeps the statement busy, so the other two queue and share one.
          const sends = [send(customer, first), send(customer, held), send(customer, free)];
          // The free chat's message is stored while the other chat is still held.
          await Promise.race([sends[2], waitedForTheHeldChat()]);
          holder.release();
          return Promise.all(sends);
        });
        expect(result.every((sent) => sent.created)).toBe(true);
        // The held chat's message was skipped by the shared statement, then went alone.
        expect(sizes).toEqual([1, 2, 1]);
        for (const sent of result)
          expect(await storedEvents(sent.message.clientMessageId)).toHaveLength(1);
      } finally {
        await holder.end();
      }
    },
  );

  it.runIf(kind.name === 'postgres')(
    "a message that waits for a held chat holds up no other chat's message",
    async () => {
      const [held, free] = (await Promise.all([1, 2].map(() => chat('active', agent.id)))) as [
        number,
        number,
      ];
      const holder = await holdChat(held);
      try {
        const waiting = send(customer, held);
        // Sent after the held chat's message, answered before it.
        const sent = await Promise.race([send(customer, free), waitedForTheHeldChat()]);
        expect(sent.created).toBe(true);
        holder.release();
        expect((await waiting).created).toBe(true);
      } finally {
        await holder.end();
      }
    },
  );
});
