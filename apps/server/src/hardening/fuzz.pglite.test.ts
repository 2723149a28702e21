import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import { createTestApp } from '../test/helpers.ts';
import { expectLedgerConsistent } from '../test/money.ts';
import { totalOf } from '../test/requests.ts';
import {
  createWorld,
  expectCleanError,
  fillPath,
  isAdminPath,
  nextSlotStart,
  type Route,
  routeKey,
  routeTable,
  send,
  type World,
} from './support.ts';

/**
 * RELIABILITY P1 "Schema fuzz": every write route of the route table (admin ones included), with a
 * valid token of a suitable role, gets a few hundred generated bodies: random JSON, wrong types,
 * huge strings, deep nesting, `__proto__` and `constructor` keys, numbers JSON.parse cannot hold.
 * Never a 5xx, never a stack trace, always the API's error shape; an oversize body is 413.
 *
 * PGlite only: validation and the handlers are the same code on PostgreSQL, and the run is long.
 */

/** A JSON text built by hand, so keys such as `__proto__` and numbers such as `1e309` go out as written. */
type Node = { raw: string } | { arr: Node[] } | { obj: [string, Node][] };

function serialize(node: Node): string {
  if ('raw' in node) return node.raw;
  if ('arr' in node) return `[${node.arr.map(serialize).join(',')}]`;
  return `{${node.obj.map(([key, value]) => `${JSON.stringify(key)}:${serialize(value)}`).join(',')}}`;
}

function toNode(value: unknown): Node {
  if (Array.isArray(value)) return { arr: value.map(toNode) };
  if (value !== null && typeof value === 'object') {
    return { obj: Object.entries(value).map(([key, inner]) => [key, toNode(inner)]) };
  }
  return { raw: JSON.stringify(value) };
}

const NASTY_NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '0',
  '1e-400',
  '0.1',
  '1.0005',
  '-1',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e21',
  '123456789012345678901234567890',
];
const NASTY_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '1,000',
  '0x10',
  '1.0005',
  '-5',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '💥',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  'a\r\nSet-Cookie: x=1',
  '2024-02-30T25:61:00Z',
  '9999-12-31T23:59:59Z',
  '0001-01-01T00:00:00Z',
  '2100-01-01T00:00:00+14:00',
  'pay000000000000000000000000',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(100_000),
];
const SPECIAL_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'role', 'roleId'];

const leaf: fc.Arbitrary<Node> = fc
  .oneof(
    { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 4 },
    { arbitrary: fc.constantFrom(...NASTY_STRINGS).map((s) => JSON.stringify(s)), weight: 4 },
    fc.constantFrom('true', 'false', 'null'),
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
    fc.string({ maxLength: 40 }).map((s) => JSON.stringify(s)),
    fc.string({ unit: 'binary', maxLength: 20 }).map((s) => JSON.stringify(s)),
  )
  .map((raw) => ({ raw }));

function keyOf(known: string[]) {
  return fc.oneof(
    fc.constantFrom(...SPECIAL_KEYS, ...(known.length ? known : ['a'])),
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/),
  );
}

function treeOf(known: string[]) {
  return fc.letrec<{ node: Node; arr: Node; obj: Node }>((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('arr'), tie('obj')),
    arr: fc.array(tie('node'), { maxLength: 4 }).map((arr) => ({ arr })),
    obj: fc.array(fc.tuple(keyOf(known), tie('node')), { maxLength: 5 }).map((obj) => ({ obj })),
  })).node;
}

const deep = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean())
  .map(([depth, array]) =>
    array ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** Bodies around a valid one: one field replaced, keys added or dropped, or something else entirely. */
function bodiesAround(seed: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(seed);
  const tree = treeOf(keys);
  const entries = (toNode(seed) as { obj: [string, Node][] }).obj;
  const withField = (key: string, value: Node) =>
    serialize({ obj: [...entries.filter(([k]) => k !== key), [key, value]] });
  const arrays = keys.filter((key) => Array.isArray(seed[key]));
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 8, arbitrary: fc.tuple(keyOf(keys), leaf).map(([key, value]) => withField(key, value)) },
    { weight: 3, arbitrary: fc.tuple(keyOf(keys), tree).map(([key, value]) => withField(key, value)) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(keyOf(keys), tree), { minLength: 1, maxLength: 3 })
        .map((extra) => serialize({ obj: [...entries, ...extra] })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(keyOf(keys), fc.constantFrom('__proto__', 'constructor'))
        .map(([key, special]) =>
          withField(key, { raw: `{"${special}":{"isAdmin":true,"prototype":{"roleId":1},"polluted":1}}` }),
        ),
    },
    { weight: 1, arbitrary: tree.map(serialize) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.tuple(keyOf(keys), deep).map(([key, raw]) => withField(key, { raw })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        'nul',
        '[1,]',
        '{"a":1}}',
        "{'a':1}",
        '\u0000',
        '"x"',
        '1e309',
        '-0',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  ];
  if (keys.length) {
    options.push(
      {
        weight: 1,
        arbitrary: fc.constantFrom(...keys).map((key) => serialize({ obj: entries.filter(([k]) => k !== key) })),
      },
      { weight: 1, arbitrary: fc.constant(JSON.stringify(seed)) },
    );
  }
  if (arrays.length) {
    // An element of a list field replaced: ids beyond a 32-bit column, strings, nesting.
    options.push({
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...arrays), fc.array(leaf, { minLength: 1, maxLength: 3 }))
        .map(([key, items]) => withField(key, { arr: items })),
    });
  }
  return fc.oneof(...options);
}

/**
 * The exhaustive part: each field of the valid body (and each element of its lists) replaced by
 * every nasty value in turn, each field dropped, and prototype keys beside and inside it.
 */
function systematicBodies(seed: Record<string, unknown>): string[] {
  const keys = Object.keys(seed);
  const entries = (toNode(seed) as { obj: [string, Node][] }).obj;
  const withField = (key: string, raw: string) =>
    serialize({ obj: [...entries.filter(([k]) => k !== key), [key, { raw }]] });
  // Every field gets every number and every other type; the strings are spread across the fields
  // when there are many (so a long body such as the settings stays a few hundred requests).
  const always = [...NASTY_NUMBERS, 'true', 'false', 'null', '[]', '{}'];
  const strings = NASTY_STRINGS.map((value) => JSON.stringify(value));
  const stride = Math.max(1, Math.ceil((keys.length * strings.length) / SYSTEMATIC_STRINGS_PER_ROUTE));
  const bodies: string[] = [];
  keys.forEach((key, k) => {
    const values = [...always, ...strings.filter((_, v) => (v + k) % stride === 0)];
    for (const value of values) {
      bodies.push(withField(key, value));
      if (Array.isArray(seed[key])) bodies.push(withField(key, `[${value}]`));
    }
    bodies.push(serialize({ obj: entries.filter(([k]) => k !== key) }));
    bodies.push(withField(key, '{"__proto__":{"polluted":1}}'));
  });
  for (const special of SPECIAL_KEYS)
    bodies.push(serialize({ obj: [...entries, [special, { raw: '{"polluted":1}' }]] }));
  bodies.push(JSON.stringify(seed), '{}', '[]', 'null', '""');
  return bodies;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
];

type FuzzWorld = World & {
  victim: TestUser;
  settings: Record<string, unknown>;
  /** An open slot of the teacher that no booking route takes (for the availability routes). */
  spareSlotId: number;
  /** A completed lesson of the student (for the review route). */
  completedId: number;
};

type Seed = {
  as?: 'student' | 'teacher' | 'admin';
  params?: (w: FuzzWorld) => Record<string, string | number>;
  body?: (w: FuzzWorld) => Record<string, unknown>;
  /** Fewer runs where a valid body costs a password hash. */
  runs?: number;
};

const iso = (hoursAhead: number) => new Date(Date.now() + hoursAhead * 3600_000).toISOString();

/** A valid body (and path) per route, so that mutations reach the handlers; unknown routes start from `{}`. */
const SEEDS: Record<string, Seed> = {
  'POST /api/v1/auth/email/login': { body: (w) => ({ email: w.student.user.email, password: 'Wrong1234' }), runs: 40 },
  'POST /api/v1/auth/email/register': {
    body: () => ({ firstName: 'Fuzz', lastName: 'Er', email: 'fuzz@example.com', password: 'Secret123' }),
    runs: 40,
  },
  'POST /api/v1/auth/email/confirm': { body: () => ({ hash: 'h'.repeat(43) }) },
  'POST /api/v1/auth/forgot/password': { body: (w) => ({ email: w.stranger.user.email }), runs: 60 },
  'POST /api/v1/auth/reset/password': { body: () => ({ hash: 'h'.repeat(43), password: 'Secret123' }), runs: 40 },
  'POST /api/v1/auth/google/login': { body: () => ({ idToken: 'x'.repeat(40) }) },
  'PATCH /api/v1/auth/me': { body: () => ({ firstName: 'Fuzz', lastName: 'Er' }) },
  'POST /api/v1/search/log-not-found': { body: () => ({ keywords: 'physics', searchType: 'teacher' }) },
  'PATCH /api/teachers/profiles/{id}': {
    as: 'teacher',
    params: (w) => ({ id: w.teacher.profile.id }),
    body: (w) => ({
      bio: 'b',
      major: 'm',
      experienceYears: 3,
      hourlyRate: '10',
      subjectIds: [w.subject.id],
      meetingLink: 'https://meet.google.com/abc',
    }),
  },
  'POST /api/reviews': {
    body: (w) => ({ reservationId: w.completedId, type: 'student_to_teacher', rating: 5, comment: 'ok' }),
  },
  'POST /api/v1/balance/top-up/payzah': { body: () => ({ amount: '5', language: 'en' }) },
  'POST /api/v1/balance/top-up/deema': { body: () => ({ amount: '15', language: 'en' }) },
  'POST /api/v1/payments/return/{id}': { params: (w) => ({ id: w.paymentId }) },
  'POST /api/v1/payments/webhook/deema': { body: (w) => ({ merchant_order_id: w.paymentId, status: 'Captured' }) },
  'POST /api/v1/payments/sandbox/{id}': { params: (w) => ({ id: w.chargeId }), body: () => ({ action: 'fail' }) },
  'POST /api/v1/booking/single': {
    body: (w) => ({ timeSlotId: w.openSlot.id, paymentMethod: 'balance', expectedTotal: totalOf(w.openSlot) }),
  },
  'POST /api/v1/booking/multiple': {
    body: (w) => ({ timeSlotIds: [w.openSlot.id], paymentMethod: 'balance', expectedTotal: totalOf(w.openSlot) }),
  },
  'POST /api/v1/reservations/{id}/cancel': { params: (w) => ({ id: w.reservationId }), body: () => ({ reason: 'r' }) },
  'PUT /api/v1/lessons/{reservationId}/meeting-link': {
    as: 'teacher',
    params: (w) => ({ reservationId: w.reservationId }),
    body: () => ({ url: 'https://us02web.zoom.us/j/123?pwd=abc' }),
  },
  'POST /api/v1/lessons/{reservationId}/problem': {
    params: (w) => ({ reservationId: w.reservationId }),
    body: () => ({ reason: 'other', details: 'The video froze' }),
  },
  'POST /api/v1/subscriptions/purchase': { body: () => ({ packageId: 1, paymentMethod: 'balance' }) },
  'POST /api/v1/availability/slots': { as: 'teacher', body: () => ({ startTime: iso(700), endTime: iso(701) }) },
  'POST /api/v1/availability/recurring': {
    as: 'teacher',
    body: () => ({
      weekdays: [1],
      startTime: '10:00',
      endTime: '11:00',
      lessonMinutes: 60,
      fromDate: iso(700).slice(0, 10),
      toDate: iso(900).slice(0, 10),
    }),
  },
  'PATCH /api/v1/availability/slots/{id}': {
    as: 'teacher',
    params: (w) => ({ id: w.spareSlotId }),
    body: () => ({ price: '12' }),
  },
  'DELETE /api/v1/availability/slots/{id}': { as: 'teacher', params: (w) => ({ id: w.spareSlotId }) },
  'POST /api/v1/chats/{id}/read': {
    params: (w) => ({ id: w.conversationId }),
    body: (w) => ({ messageId: w.messageId }),
  },
  'PATCH /api/notifications/{id}/mark-as-read': { params: (w) => ({ id: w.notificationId }) },
  'POST /api/v1/admin/users/{id}/promote': {
    params: (w) => ({ id: w.victim.user.id }),
    body: () => ({ hourlyRate: '9' }),
  },
  'POST /api/v1/admin/users/{id}/suspend': {
    params: (w) => ({ id: w.victim.user.id }),
    body: () => ({ reason: 'fuzz' }),
  },
  'PATCH /api/v1/admin/teachers/{id}': { params: (w) => ({ id: w.teacher.profile.id }), body: () => ({ bioEn: 'x' }) },
  'POST /api/v1/admin/subjects': { body: () => ({ nameAr: 'فيزياء', nameEn: 'Physics' }) },
  'PATCH /api/v1/admin/subjects/{id}': { params: (w) => ({ id: w.subject.id }), body: () => ({ nameEn: 'Physics' }) },
  'POST /api/v1/admin/packages': {
    body: () => ({ nameAr: 'باقة', nameEn: 'Pack', hours: 2, price: '10', validityDays: 30 }),
  },
  'PATCH /api/v1/admin/packages/{id}': { body: () => ({ hours: 3 }) },
  'PUT /api/v1/admin/settings': { body: (w) => w.settings },
  'POST /api/v1/admin/payments/{id}/reconcile': { params: (w) => ({ id: w.paymentId }) },
  'POST /api/v1/admin/refunds': { body: (w) => ({ userId: w.victim.user.id, amount: '1', reason: 'fuzz' }) },
  'POST /api/v1/admin/reservations/{id}/cancel': {
    params: (w) => ({ id: w.reservationId }),
    body: () => ({ reason: 'fuzz' }),
  },
  'POST /api/v1/admin/reviews/{id}/hide': { body: () => ({ reason: 'fuzz' }) },
  'POST /api/v1/admin/disputes/{id}/resolve': { body: () => ({ outcome: 'refund', amount: '1.000', note: 'fuzz' }) },
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Per route: the nasty strings over at most this many systematic bodies, then this many random ones. */
const SYSTEMATIC_STRINGS_PER_ROUTE = 100;
const DEFAULT_RUNS = 80;

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: FuzzWorld;
let writeRoutes: Route[];

function roleOf(route: Route, seed: Seed | undefined): 'student' | 'teacher' | 'admin' {
  if (seed?.as) return seed.as;
  if (isAdminPath(route.path)) return 'admin';
  if (route.path.startsWith('/api/v1/availability') || route.path.startsWith('/api/teachers/')) return 'teacher';
  return 'student';
}

function urlOf(route: Route, seed: Seed | undefined): string {
  const params = seed?.params?.(w) ?? {};
  return fillPath(
    route.path,
    new Proxy(params, { get: (target, name: string) => target[name] ?? 1 }) as Record<string, string | number>,
  );
}

function headersOf(role: 'student' | 'teacher' | 'admin') {
  return role === 'admin' ? w.admin.headers : role === 'teacher' ? w.teacher.headers : w.student.headers;
}

describe('schema fuzz of every write route (RELIABILITY P1)', () => {
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 1_000_000_000 });
    const world = await createWorld(t.app, t.database);
    const settings = await t.app.inject({ url: '/api/v1/admin/settings', headers: world.admin.headers });
    const settingsBody = settings.statusCode === 200 ? (settings.json() as Record<string, unknown>) : {};
    w = {
      ...world,
      victim: await world.f.student(),
      spareSlotId: (await world.f.slot(world.teacher.profile.id, nextSlotStart())).id,
      completedId: (await world.f.lessonBetween(world.student, world.teacher, 'completed')).id,
      // The settings as read, less what only the server writes: a valid PUT body.
      settings: Object.fromEntries(
        Object.entries((settingsBody.settings as Record<string, unknown> | undefined) ?? settingsBody).filter(
          ([key]) => key !== 'updatedAt',
        ),
      ),
    };
    // Admin routes last: they suspend and cancel what the other routes use.
    writeRoutes = routeTable(t.app)
      .filter((route) => WRITE_METHODS.has(route.method))
      .sort((a, b) => Number(isAdminPath(a.path)) - Number(isAdminPath(b.path)));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the write routes in the route table', () => {
    expect(writeRoutes.length).toBeGreaterThan(30);
    const unknown = Object.keys(SEEDS).filter((key) => !writeRoutes.some((route) => routeKey(route) === key));
    expect(unknown, 'seeds for routes that no longer exist').toEqual([]);
  });

  it('random bodies: never a 5xx, a stack trace or another shape', { timeout: 120_000 }, async ({ annotate }) => {
    const started = Date.now();
    const timings: string[] = [];
    // Every route runs to the end; the failures are listed together (at most 3 per route).
    const failures: string[] = [];
    for (const route of writeRoutes) {
      const key = routeKey(route);
      const seed = SEEDS[key];
      const url = urlOf(route, seed);
      const headers = headersOf(roleOf(route, seed));
      const body = seed?.body?.(w) ?? {};
      const routeStarted = Date.now();
      const found: string[] = [];
      const attempt = async (payload: string, contentType = 'application/json') => {
        const res = await send(t.app, {
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': contentType },
          payload,
        });
        try {
          expectCleanError(res, `${key} <- ${contentType} ${payload.slice(0, 200)}`);
        } catch (error) {
          if (found.length < 3) found.push((error as Error).message.split('\n')[0] ?? '');
          throw error;
        }
      };
      for (const payload of systematicBodies(body)) await attempt(payload).catch(() => {});
      if (found.length === 0) {
        await fc
          .assert(fc.asyncProperty(bodiesAround(body), fc.constantFrom(...CONTENT_TYPES), attempt), {
            numRuns: seed?.runs ?? DEFAULT_RUNS,
            endOnFailure: true,
          })
          .catch(() => {});
      }
      failures.push(...found);
      timings.push(`${key} ${Date.now() - routeStarted} ms`);
    }
    await annotate(`schema fuzz: ${writeRoutes.length} routes in ${Date.now() - started} ms\n${timings.join('\n')}`);
    expect(failures).toEqual([]);
  });

  it('a body over the 1 MB limit is 413 on every JSON write route', async () => {
    const payload = `{"a":"${'x'.repeat(1024 * 1024)}"}`;
    for (const route of writeRoutes) {
      if (route.path === '/api/v1/files/upload') continue; // multipart, 5 MB: files.test.ts
      const seed = SEEDS[routeKey(route)];
      const res = await send(t.app, {
        method: route.method as 'POST',
        url: urlOf(route, seed),
        headers: { ...headersOf(roleOf(route, seed)), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, routeKey(route)).toBe(413);
      expect(res.json()).toEqual({ status: 413, code: 'payloadTooLarge', message: 'Payload too large' });
    }
  });

  it('refuses __proto__ and constructor.prototype payloads outright (400)', async () => {
    for (const payload of [
      '{"__proto__":{"roleId":1},"timeSlotId":1,"paymentMethod":"balance"}',
      '{"timeSlotId":1,"paymentMethod":"balance","constructor":{"prototype":{"roleId":1}}}',
    ]) {
      const res = await send(t.app, {
        method: 'POST',
        url: '/api/v1/booking/single',
        headers: { ...w.student.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ status: 400, code: 'badRequest', message: 'Bad request' });
    }
  });

  it('left no prototype polluted and the ledger consistent', async () => {
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).roleId).toBeUndefined();
    await expectLedgerConsistent(t.database.db);
  });
});
