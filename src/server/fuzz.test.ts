import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../tests/support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../tests/support/users';

/** What must never reach a client: stack frames, SQL, driver and file-system details. */
const LEAKS = [
  /\bat .+\(.+:\d+:\d+\)/,
  /node_modules/,
  /\bselect\b.+\bfrom\b/i,
  /\binsert into\b/i,
  /duplicate key/i,
  /violates/i,
  /syntax error/i,
  /drizzle/i,
  /\/work\//,
  /ECONN/,
];

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const hostileString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00',
    '\u0000',
    '-1',
    '1e309',
    'NaN',
    '99999999999999999999999',
    '2147483648',
    '00000000-0000-0000-0000-000000000000',
    '{{7*7}}',
    '__proto__',
  ),
);
const body = fc.oneof(
  jsonValue,
  fc.record(
    {
      category: hostileString,
      content: hostileString,
      clientMessageId: hostileString,
      status: hostileString,
      amount: hostileString,
      rate: hostileString,
      type: fc.constantFrom('trade', 'refund', 'charge', 'adjustment', 'x'),
      chatSessionId: fc.oneof(fc.integer(), hostileString),
      email: hostileString,
      password: hostileString,
      username: hostileString,
      isAgent: fc.oneof(fc.boolean(), hostileString),
      usdToNaira: hostileString,
      rates: fc.array(fc.dictionary(hostileString, hostileString), { maxLength: 3 }),
    },
    { requiredKeys: [] },
  ),
);

describe.each(testDatabaseKinds())('hostile input on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  /** Valid sessions of each role, then broken and missing ones. */
  const sessions: string[] = [];
  const broken: (string | undefined)[] = [
    undefined,
    'ac_session=forged-token-value',
    'ac_session=%00%ff',
    `ac_session=${'x'.repeat(5000)}`,
  ];

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database);
    sessions.push(await sessionCookie(database.db, await makeCustomer(database.db)));
    sessions.push(await sessionCookie(database.db, await makeAgent(database.db)));
    sessions.push(await sessionCookie(database.db, await makeAgent(database.db, { admin: true })));
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  it('every route answers random and malformed input with a 2xx-4xx JSON answer, never a 5xx or a leak', async () => {
    const routes = live.app.declaredRoutes.filter(
      (r) => r.url.startsWith('/api') && r.url !== '/api/ws',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        // Mostly signed in, so the handlers (not only the guards) see the garbage.
        fc.oneof(
          { arbitrary: fc.constantFrom(...sessions), weight: 4 },
          { arbitrary: fc.constantFrom(...broken), weight: 1 },
        ),
        fc.array(hostileString, { minLength: 3, maxLength: 3 }),
        body,
        fc.dictionary(
          fc.constantFrom(
            'limit',
            'cursor',
            'q',
            'filter',
            'after',
            'from',
            'to',
            'role',
            'status',
            'returnTo',
            'customerId',
          ),
          hostileString,
        ),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        ),
        async (route, cookie, params, payload, query, contentType) => {
          let i = 0;
          const url = route.url.replace(/:\w+|\*/g, () => encodeURIComponent(params[i++] ?? 'x'));
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const res = await live.app.inject({
            method: route.method as 'GET',
            url,
            query,
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(hasBody ? { 'content-type': contentType } : {}),
              'idempotency-key': params[0] ?? 'k',
            },
            ...(hasBody
              ? {
                  payload:
                    contentType === 'application/json'
                      ? JSON.stringify(payload)
                      : String(params[1]),
                }
              : {}),
          });
          const where = `${route.method} ${url} -> ${res.statusCode}: ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          for (const leak of LEAKS) expect(res.body, where).not.toMatch(leak);
          if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
            expect(Object.keys(JSON.parse(res.body)), where).toEqual(['error']);
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it('rejects an oversized JSON body early with 413', async () => {
    const res = await live.app.inject({
      method: 'POST',
      url: '/api/agent/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Request body is too large' });
  });
});
