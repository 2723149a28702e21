// The baselines the API is measured against in the same run (ARCHITECTURE.md "Budgets"): a tiny
// Fastify app, run by the API bench as its own process (node --import tsx, pinned like the server).
//   GET /bare       bare Fastify: a constant JSON answer
//   GET /jwt-query  "Fastify + JWT + one indexed query": the bearer verified with jose and a
//                   prepared KeyObject (as the server does), then one primary-key lookup of the
//                   user; on PostgreSQL (BARE_DATABASE_URL, a pg Pool of 10 like the server's) or,
//                   without it, on an in-memory PGlite holding BARE_USERS users.
// Env: PORT, JWT_SECRET, BARE_DATABASE_URL, BARE_USERS (10000).
import { createSecretKey } from 'node:crypto';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';

const port = Number(process.env.PORT);
const key = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? '', 'utf8'));
const USER_QUERY =
  'select id, email, first_name, last_name, role_id, status, language, created_at from users where id = $1';

async function openQuery() {
  if (process.env.BARE_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
    pool.on('error', () => {});
    return { query: (text: string, params: unknown[]) => pool.query(text, params), close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  await db.exec(`create table users (id serial primary key, email text not null unique, first_name text not null,
    last_name text not null, role_id int not null, status text not null default 'active',
    language text not null default 'ar', created_at timestamptz not null default now())`);
  await db.query(
    `insert into users (email, first_name, last_name, role_id)
     select 'bare' || g || '@bench.example', 'First', 'Last ' || g, 3 from generate_series(1, $1::int) g`,
    [Number(process.env.BARE_USERS || 10_000)],
  );
  await db.exec('analyze');
  return { query: (text: string, params: unknown[]) => db.query(text, params), close: () => db.close() };
}

const database = await openQuery();
const app = Fastify({ logger: false });

app.get('/health', async () => ({ ok: true }));
app.get('/bare', async () => ({ ok: true }));
app.get('/jwt-query', async (request, reply) => {
  const token = request.headers.authorization?.split(' ')[1];
  let userId: number;
  try {
    const { payload } = await jwtVerify(token ?? '', key, {
      algorithms: ['HS256'],
      issuer: 'ustaz',
      audience: 'ustaz-api',
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    userId = Number(payload.sub);
  } catch {
    return reply.code(401).send({ status: 401 });
  }
  const { rows } = await database.query(USER_QUERY, [userId]);
  if (!rows[0]) return reply.code(404).send({ status: 404 });
  return rows[0];
});

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});

await app.listen({ port, host: '127.0.0.1' });
