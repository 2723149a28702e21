import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to embedded PGlite on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.seedDemoData).toBe(true);
    expect(config.redisUrl).toBeUndefined();
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      PORT: '8080',
      SEED_DEMO_DATA: 'false',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/db' });
    expect(config.port).toBe(8080);
    expect(config.seedDemoData).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, database: { kind: 'pglite' } });
  });

  it('refuses a wrong variable with a readable message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Invalid environment:\n {2}PORT:/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
