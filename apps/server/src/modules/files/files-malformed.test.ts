import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import { expectErrorShape } from '../../hardening/support.ts';
import { signedUpByEmail } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Issue 29: a malformed multipart body (cut off, without a boundary, garbage) answers 400
 * `badRequest` with the API's error shape, never 500, and stores nothing.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'ustaz-files-malformed-'));
const uploadsDir = path.join(root, 'uploads');
// Removed after the app closes (hooks after all run last-registered first).
afterAll(() => rmSync(root, { recursive: true, force: true }));
const { t } = useTestApp({ uploadsDir });

const PNG_START = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const BOUNDARY = '----ustazBoundary7MA4YWxk';
const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

const MALFORMED: Record<string, { contentType: string; body: Buffer | string }> = {
  'no boundary': { contentType: 'multipart/form-data', body: `${fileHead}x\r\n--${BOUNDARY}--\r\n` },
  'an empty boundary': { contentType: 'multipart/form-data; boundary=', body: 'hello' },
  'cut off inside the file': {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.concat([Buffer.from(fileHead), PNG_START]),
  },
  'cut off inside the part headers': {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-da`,
  },
  'garbage for parts': { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: 'garbage, not parts at all' },
  'binary garbage': {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: Buffer.from([0x00, 0xff, 0x2d, 0x2d, 0x0d, 0x0a, 0xfe, 0x00]),
  },
};

async function fileRows(): Promise<number> {
  const { rows } = await rawQueryOf(t.database.db)<{ count: string }>('select count(*) as count from files', []);
  return Number(rows[0]?.count ?? 0);
}

describe('POST /api/v1/files/upload with a malformed multipart body', () => {
  it('answers 400 badRequest for each, stores nothing, and the next good request works', async () => {
    const { token } = await signedUpByEmail(t, 'malformed.upload@example.com', { firstName: 'Sara', lastName: 'Ali' });
    const before = await fileRows();
    for (const [name, { contentType, body }] of Object.entries(MALFORMED)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/files/upload',
        payload: body,
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expectErrorShape(res.json(), 400, name);
      expect(res.json().code, name).toBe('badRequest');
    }
    expect(await fileRows()).toBe(before);
    expect(existsSync(uploadsDir) ? readdirSync(uploadsDir) : []).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(200);
  });
});
