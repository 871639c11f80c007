import { randomUUID } from 'node:crypto';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { LivenessKey } from '../../db/liveness-key';
import { chatSessions, messages, whatsappContacts, whatsappDeliveries } from '../../db/schema';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import {
  GraphApiServer,
  mediaMessage,
  signWebhook,
  textMessage,
  webhookDelivery,
  whatsappEnv,
} from '../../../../tests/support/graph-api-server';
import { mediaFiles } from '../../../../tests/support/media-files';
import { startTwoInstances, type TwoInstances } from '../../../../tests/support/two-instances';
import { DELIVERY_CONCURRENCY } from './delivery-processor';
import { DELIVERY_CLAIMS } from './process-deliveries';

const OPENER = 'Hello, I want to sell Bitcoin.';
const CUSTOMERS = 10;
let numberCounter = 0;
const newNumber = () =>
  `2348${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++numberCounter).padStart(3, '0')}`;

function post(app: FastifyInstance, body: string) {
  return app.inject({
    method: 'POST',
    url: '/api/channels/whatsapp/webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body) },
    payload: body,
  });
}

/** Until nothing is left to process on `apps` (kicked, so no poll is waited for). */
async function settle(db: Db, ...apps: FastifyInstance[]): Promise<void> {
  for (let i = 0; i < 200; i++) {
    for (const app of apps) app.whatsapp!.deliveries.kick();
    for (const app of apps) await app.whatsapp!.deliveries.idle();
    const pending = await db
      .select({ id: whatsappDeliveries.id })
      .from(whatsappDeliveries)
      .where(eq(whatsappDeliveries.attempts, 0));
    if (pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('deliveries still pending');
}

async function until(what: string, probe: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Each customer's chat, its messages in the order they were stored. */
async function contentsByCustomer(db: Db, numbers: string[]): Promise<Map<string, string[]>> {
  const found = await db
    .select({ waId: whatsappContacts.waId, content: messages.content })
    .from(messages)
    .innerJoin(chatSessions, eq(chatSessions.id, messages.chatSessionId))
    .innerJoin(whatsappContacts, eq(whatsappContacts.customerId, chatSessions.customerId))
    .where(inArray(whatsappContacts.waId, numbers))
    .orderBy(asc(messages.id));
  const byCustomer = new Map<string, string[]>(numbers.map((n) => [n, []]));
  for (const row of found) byCustomer.get(row.waId)!.push(row.content);
  return byCustomer;
}

/**
 * Ten customers' deliveries, interleaved: four rounds of one message each, then two rounds of
 * deliveries holding two customers' messages (50 in all). The first four customers' first
 * message of the batch is a document, fetched from the Graph API. `expected` is each customer's
 * chat afterwards, the opening message first.
 */
function interleavedBatch(graph: GraphApiServer, numbers: string[]) {
  const expected = new Map(numbers.map((n) => [n, [OPENER]]));
  const message = (index: number, round: number): object => {
    const from = numbers[index]!;
    const text = `customer ${index}, message ${round}`;
    expected.get(from)!.push(text);
    return round === 0 && index < 4
      ? mediaMessage(graph, from, 'document', {
          mime: 'application/pdf',
          bytes: mediaFiles.pdf(),
          filename: `statement-${index}.pdf`,
          caption: text,
        })
      : textMessage(from, text);
  };
  const bodies: string[] = [];
  for (let round = 0; round < 4; round++)
    for (let index = 0; index < numbers.length; index++)
      bodies.push(webhookDelivery({ messages: [message(index, round)] }));
  for (let round = 4; round < 6; round++)
    for (let index = 0; index < numbers.length; index += 2)
      bodies.push(
        webhookDelivery({ messages: [message(index, round), message(index + 1, round)] }),
      );
  return { bodies, expected };
}

async function openChats(app: FastifyInstance, db: Db, count: number): Promise<string[]> {
  const numbers = Array.from({ length: count }, newNumber);
  for (const number of numbers)
    await post(
      app,
      webhookDelivery({
        contacts: [{ wa_id: number, name: `Customer ${number.slice(-3)}` }],
        messages: [textMessage(number, OPENER)],
      }),
    );
  await settle(db, app);
  return numbers;
}

/** Every delivery was processed exactly once: recorded once, claimed by no one, order data gone. */
async function processedOnce(db: Db): Promise<void> {
  const rows = await db
    .select({
      attempts: whatsappDeliveries.attempts,
      processedAt: whatsappDeliveries.processedAt,
      claimedBy: whatsappDeliveries.claimedBy,
      waIds: whatsappDeliveries.waIds,
    })
    .from(whatsappDeliveries);
  for (const row of rows) {
    expect(row.attempts).toBe(1);
    expect(row.processedAt).not.toBeNull();
    expect(row.claimedBy).toBeNull();
    expect(row.waIds).toEqual([]);
  }
}

describe.each(testDatabaseKinds())('WhatsApp deliveries side by side on $name', (kind) => {
  let database: TestDatabase;
  let graph: GraphApiServer;
  let app: FastifyInstance;
  let release: (() => void) | undefined;

  beforeAll(async () => {
    database = await kind.open();
    graph = await new GraphApiServer().start();
    app = await createTestApp({
      database,
      env: { ...whatsappEnv(graph.url), DATA_DIR: `/tmp/agentchat-wa-side-${randomUUID()}` },
    });
    await app.ready();
  });
  afterEach(() => {
    release?.();
    release = undefined;
  });
  afterAll(async () => {
    await app.close();
    await graph.stop();
    await database.dispose();
  });

  it("processes other customers' deliveries while one waits for a file, each customer's in order, each once", async () => {
    const { db } = database;
    await db.delete(whatsappDeliveries);
    const numbers = await openChats(app, db, CUSTOMERS);
    const { bodies, expected } = interleavedBatch(graph, numbers);
    expect(bodies).toHaveLength(50);
    const before = app.whatsapp!.deliveries.processed;
    release = graph.holdMedia();
    for (const body of bodies) expect((await post(app, body)).statusCode).toBe(200);

    // The four documents are fetched at once, and while they hang the six other customers'
    // deliveries go through; the four customers' later ones wait behind their document.
    const waiting = numbers.slice(0, 4);
    const free = numbers.slice(4);
    await until('the other customers’ messages', async () => {
      const now = await contentsByCustomer(db, free);
      return free.every((n) => now.get(n)!.length === expected.get(n)!.length);
    });
    expect(DELIVERY_CONCURRENCY).toBeGreaterThan(waiting.length);
    expect(graph.mediaRequests).toHaveLength(waiting.length);
    const meanwhile = await contentsByCustomer(db, numbers);
    for (const n of waiting) expect(meanwhile.get(n)).toEqual([OPENER]);
    for (const n of free) expect(meanwhile.get(n)).toEqual(expected.get(n));

    release();
    release = undefined;
    await settle(db, app);
    expect(await contentsByCustomer(db, numbers)).toEqual(expected);
    // Each delivery was processed once, each file fetched once.
    expect(app.whatsapp!.deliveries.processed - before).toBe(bodies.length);
    expect(new Set(graph.mediaRequests).size).toBe(graph.mediaRequests.length);
    await processedOnce(db);
  });

  it('takes over at once what a stopped instance had claimed, never what a running one has', async () => {
    const { db } = database;
    await db.delete(whatsappDeliveries);
    const [number] = await openChats(app, db, 1);
    const stored = (text: string) =>
      JSON.parse(webhookDelivery({ messages: [textMessage(number!, text)] })) as unknown;
    // A crash in the middle of a batch: the first delivery's message was stored but the delivery
    // not recorded; the next two were claimed; the last one not yet.
    const first = webhookDelivery({ messages: [textMessage(number!, 'one')] });
    expect((await post(app, first)).statusCode).toBe(200);
    await settle(db, app);
    const stopped = 7;
    const [last] = await db
      .select({ id: whatsappDeliveries.id })
      .from(whatsappDeliveries)
      .orderBy(desc(whatsappDeliveries.id))
      .limit(1);
    await db
      .update(whatsappDeliveries)
      .set({ processedAt: null, attempts: 0, waIds: [number!], claimedBy: stopped })
      .where(eq(whatsappDeliveries.id, last!.id));
    await db.insert(whatsappDeliveries).values([
      { body: stored('two'), waIds: [number!], claimedBy: stopped },
      { body: stored('three'), waIds: [number!], claimedBy: stopped },
      { body: stored('four'), waIds: [number!] },
    ]);
    // Another instance, running, has claimed the next one: it is its to finish, and the
    // customer's later message waits behind it.
    const running = new LivenessKey(database, DELIVERY_CLAIMS, app.log);
    const key = await running.current();
    expect(key).toBeDefined();
    await db.insert(whatsappDeliveries).values([
      { body: stored('five'), waIds: [number!], claimedBy: key! },
      { body: stored('six'), waIds: [number!] },
    ]);

    const before = app.whatsapp!.deliveries.processed;
    app.whatsapp!.deliveries.kick();
    await until('the stopped instance’s deliveries', async () => {
      const chat = (await contentsByCustomer(db, [number!])).get(number!)!;
      return chat.length >= 5;
    });
    await app.whatsapp!.deliveries.idle();
    expect((await contentsByCustomer(db, [number!])).get(number!)).toEqual([
      OPENER,
      'one',
      'two',
      'three',
      'four',
    ]);

    // The running instance stops without finishing: its claim is free at once.
    await running.release();
    await settle(db, app);
    expect((await contentsByCustomer(db, [number!])).get(number!)).toEqual([
      OPENER,
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
    ]);
    expect(app.whatsapp!.deliveries.processed - before).toBe(6);
    await processedOnce(db);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('WhatsApp deliveries on two instances', () => {
  let instances: TwoInstances;
  let graph: GraphApiServer;

  beforeAll(async () => {
    graph = await new GraphApiServer().start();
    instances = await startTwoInstances(process.env.TEST_DATABASE_URL!, {
      ...whatsappEnv(graph.url),
      DATA_DIR: `/tmp/agentchat-wa-two-${randomUUID()}`,
    });
    await instances.a.app.ready();
    await instances.b.app.ready();
  });
  afterAll(async () => {
    await instances?.close();
    await graph?.stop();
  });

  it("processes each delivery once across both, each customer's messages in order", async () => {
    const { db } = instances.databases[0];
    const a = instances.a.app;
    const b = instances.b.app;
    const numbers = await openChats(a, db, CUSTOMERS);
    const { bodies, expected } = interleavedBatch(graph, numbers);
    const before = a.whatsapp!.deliveries.processed + b.whatsapp!.deliveries.processed;
    // Meta's deliveries reach either instance behind the proxy, one after the other (their
    // order is the order they were stored in): both store and both process.
    for (const [i, body] of bodies.entries())
      expect((await post(i % 2 === 0 ? a : b, body)).statusCode).toBe(200);
    await settle(db, a, b);
    expect(await contentsByCustomer(db, numbers)).toEqual(expected);
    const processed = [a, b].map((app) => app.whatsapp!.deliveries.processed);
    expect(processed[0]! + processed[1]! - before).toBe(bodies.length);
    expect(new Set(graph.mediaRequests).size).toBe(graph.mediaRequests.length);
    await processedOnce(db);
  });
});
