import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockedChatMessage } from '../../../shared/api/chat-sessions';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import type { ChatStatus } from '../../../shared/domain';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer } from '../../../../tests/support/users';
import { rows } from '../../db/raw';
import { chatSessions, imageReadings, messages } from '../../db/schema';
import { EventBus, type NewEvent } from '../../platform/event-bus';
import { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { sendMessage } from './send-message';

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
});
