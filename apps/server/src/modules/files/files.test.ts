import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { PHOTO_MAX_BYTES, UPLOAD_QUOTA, uploadedFileSchema, userSchema } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { signedUpByEmail } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';
import { inspectImage, isImageTooLarge, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-check.ts';

/** A real 1x1 PNG (signature, IHDR, IDAT, IEND). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header declares the given size (the pixel data is not needed to be refused). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    PNG_1X1.subarray(0, 8),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

type Part = { name: string; filename?: string; contentType?: string; data: Buffer | string; rawDisposition?: string };

/** A multipart/form-data body written by hand. */
function multipart(parts: Part[]) {
  const boundary = `----ustaz${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.rawDisposition ??
      `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
      '\r\n';
    chunks.push(Buffer.from(head, 'utf8'), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The decoded pixels of an image (RGBA), to compare images across re-encoding. */
async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: [...data] };
}

function solidImage(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

const root = mkdtempSync(path.join(os.tmpdir(), 'ustaz-files-test-'));
const uploadsDir = path.join(root, 'uploads');
// Removed after the app closes (hooks after all run last-registered first).
afterAll(() => rmSync(root, { recursive: true, force: true }));
const { t } = useTestApp({ uploadsDir });
let ipCounter = 1;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const signedUp = (email: string) => signedUpByEmail(t, email, { firstName: 'Noura', lastName: 'Al-Ali' });

function upload(token: string | null, parts: Part[], query = '') {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/files/upload${query}`,
    payload,
    headers: { 'content-type': contentType, ...(token ? bearer(token) : {}) },
    remoteAddress: nextIp(),
  });
}

const filePart = (data: Buffer | string, filename = 'photo.png', contentType = 'image/png'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

function storedFiles(): string[] {
  return existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : [];
}

const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

describe('POST /api/v1/files/upload and GET /api/v1/files/:id', () => {
  let alice: Awaited<ReturnType<typeof signedUp>>;
  let bob: Awaited<ReturnType<typeof signedUp>>;

  beforeAll(async () => {
    alice = await signedUp('alice.files@example.com');
    bob = await signedUp('bob.files@example.com');
  });

  it('stores a real PNG (re-encoded: the same pixels) and serves what it stored with safe headers', async () => {
    const res = await upload(alice.token, [filePart(PNG_1X1)]);
    expect(res.statusCode).toBe(201);
    const { file } = uploadedFileSchema.parse(res.json());
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.path).toBe(`/api/v1/files/${file.id}`);

    const [row] = await t.database.db.select().from(files).where(eq(files.id, file.id));
    const stored = readFileSync(path.join(uploadsDir, `${file.id}.png`));
    expect(row).toMatchObject({
      ownerId: alice.user.id,
      mimeType: 'image/png',
      size: stored.length,
      purpose: 'public',
    });
    expect(row?.storageKey).toBe(`${file.id}.png`);
    expect(await pixels(stored)).toEqual(await pixels(PNG_1X1));

    const got = await t.app.inject({ method: 'GET', url: file.path });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(stored)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(stored.length));
    // A public image (a profile photo) is cacheable by anyone.
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`inline; filename="${file.id}.png"`);
    expect(got.headers['content-disposition']).not.toContain('photo.png');
  });

  it('refuses a text file named x.png by its bytes', async () => {
    const before = storedFiles();
    const res = await upload(alice.token, [filePart('hello, I am not a picture\n', 'x.png')]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, errors: { file: 'invalidType' } });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an SVG carrying a script, even when it claims to be an image', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1">' +
      '<script>alert(document.cookie)</script></svg>';
    const res = await upload(alice.token, [filePart(svg, 'avatar.svg', 'image/svg+xml')]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, errors: { file: 'invalidType' } });
    // An SVG smuggled under a PNG name and type is refused the same way.
    const disguised = await upload(alice.token, [filePart(svg, 'avatar.png', 'image/png')]);
    expect(disguised.json()).toEqual({ status: 422, errors: { file: 'invalidType' } });
  });

  it('refuses an empty file', async () => {
    const res = await upload(alice.token, [filePart(Buffer.alloc(0))]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, errors: { file: 'required' } });
  });

  it('refuses a request without a file part', async () => {
    const res = await upload(alice.token, [{ name: 'note', data: 'no file here' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, errors: { file: 'required' } });
  });

  it('answers 415 to a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload',
      payload: { file: PNG_1X1.toString('base64') },
      headers: bearer(alice.token),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415 });
  });

  it('accepts exactly 5 MB (the 1 MB JSON body limit does not apply) and answers 413 to one byte more', async () => {
    const atLimit = Buffer.concat([PNG_1X1, Buffer.alloc(PHOTO_MAX_BYTES - PNG_1X1.length)]);
    const ok = await upload(alice.token, [filePart(atLimit)]);
    expect(ok.statusCode).toBe(201);

    const before = storedFiles();
    const over = await upload(alice.token, [filePart(Buffer.concat([atLimit, Buffer.from([0])]))]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ status: 413, code: 'payloadTooLarge', message: expect.any(String) });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a pixel flood: a tiny PNG declaring 20000x20000', async () => {
    const flood = pngDeclaring(20_000, 20_000);
    expect(flood.length).toBeLessThan(100);
    const res = await upload(alice.token, [filePart(flood)]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, errors: { file: 'tooLarge' } });
    // Within each side limit but over the pixel budget: still refused.
    const wide = await upload(alice.token, [filePart(pngDeclaring(9_000, 9_000))]);
    expect(wide.json()).toEqual({ status: 422, errors: { file: 'tooLarge' } });
    // A sane size passes (a real image: a header alone no longer decodes).
    expect((await upload(alice.token, [filePart(await solidImage(800, 600, 'png'))])).statusCode).toBe(201);
    // A header whose pixels do not decode is not an image.
    const broken = await upload(alice.token, [filePart(pngDeclaring(800, 600))]);
    expect(broken.json()).toEqual({ status: 422, errors: { file: 'invalidType' } });
  });

  it('never lets the client file name (../, CRLF) decide where the bytes go', async () => {
    const marker = `evil-${randomBytes(4).toString('hex')}`;
    // RFC 5987 form, so the name reaches the server intact.
    const encoded = (name: string): Part => ({
      name: 'file',
      contentType: 'image/png',
      data: PNG_1X1,
      rawDisposition: `form-data; name="file"; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
    const ids: string[] = [];
    for (const name of [`../../${marker}.png`, `..\\..\\${marker}.png`, `/etc/${marker}.png`]) {
      const res = await upload(alice.token, [encoded(name)]);
      expect(res.statusCode).toBe(201);
      ids.push(uploadedFileSchema.parse(res.json()).file.id);
    }
    // A CRLF inside the decoded name: the multipart parser drops the part, so nothing is stored.
    const before = storedFiles();
    const crlf = await upload(alice.token, [encoded(`../${marker}\r\nX-Injected: 1.png`)]);
    expect(crlf.statusCode).toBe(422);
    expect(crlf.json()).toEqual({ status: 422, errors: { file: 'required' } });
    expect(storedFiles()).toEqual(before);
    // A raw CRLF and quote break-out inside the quoted name: stored, under a random name.
    const raw = await upload(alice.token, [filePart(PNG_1X1, `../${marker}.png"\r\nX-Injected: 1`)]);
    expect(raw.statusCode).toBe(201);
    ids.push(uploadedFileSchema.parse(raw.json()).file.id);

    for (const id of ids) {
      const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
      expect(row?.storageKey).toBe(`${id}.png`);
      expect(row?.storageKey).toMatch(STORAGE_KEY);
      const got = await t.app.inject({ method: 'GET', url: `/api/v1/files/${id}` });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-disposition']).toBe(`inline; filename="${id}.png"`);
      expect(got.headers['x-injected']).toBeUndefined();
    }
    // Nothing next to or above the uploads folder, and every stored name is random.
    expect(readdirSync(root)).toEqual(['uploads']);
    expect(existsSync(path.join(os.tmpdir(), `${marker}.png`))).toBe(false);
    expect(existsSync(path.join(process.cwd(), `${marker}.png`))).toBe(false);
    expect(existsSync(`/etc/${marker}.png`)).toBe(false);
    for (const name of storedFiles()) expect(name).toMatch(STORAGE_KEY);
    expect(storedFiles().some((name) => name.includes(marker))).toBe(false);
  });

  it('answers 401 without a valid bearer token and stores nothing', async () => {
    const before = storedFiles();
    const anonymous = await upload(null, [filePart(PNG_1X1)]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 401, code: 'unauthorized' });
    const forged = await upload('not.a.token', [filePart(PNG_1X1)]);
    expect(forged.statusCode).toBe(401);
    // The refresh token is not an access token.
    expect((await upload(alice.refreshToken, [filePart(PNG_1X1)])).statusCode).toBe(401);
    expect(storedFiles()).toEqual(before);
  });

  it('sets one’s own upload as profile photo, and refuses another user’s or an unknown file', async () => {
    const mine = uploadedFileSchema.parse((await upload(alice.token, [filePart(PNG_1X1)])).json()).file;
    const theirs = uploadedFileSchema.parse((await upload(bob.token, [filePart(PNG_1X1)])).json()).file;
    const patch = (token: string, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/auth/me',
        payload,
        headers: bearer(token),
        remoteAddress: nextIp(),
      });

    const ok = await patch(alice.token, { photo: { id: mine.id } });
    expect(ok.statusCode).toBe(200);
    expect(userSchema.parse(ok.json()).photo).toEqual({ id: mine.id, path: `/api/v1/files/${mine.id}` });

    const stolen = await patch(alice.token, { photo: { id: theirs.id } });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toEqual({ status: 422, errors: { photo: 'notFound' } });

    const unknown = await patch(alice.token, { photo: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.json()).toEqual({ status: 422, errors: { photo: 'notFound' } });

    // The refused attempts left the photo as it was.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(alice.token) });
    expect(userSchema.parse(me.json()).photo?.id).toBe(mine.id);
  });

  it('answers a JSON 404 for an unknown file id and 422 for a malformed one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/files/3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 404, code: 'notFound', message: expect.any(String) });

    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/files/..%2F..%2Fetc%2Fpasswd' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.body).not.toContain('root:');
  });
});

/** Whether an EXIF block (TIFF, either byte order) has a GPS IFD pointer (tag 0x8825). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) || exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]));
}

describe('re-encoding on upload', () => {
  let carol: Awaited<ReturnType<typeof signedUp>>;
  beforeAll(async () => {
    carol = await signedUp('carol.files@example.com');
  });

  it('a phone JPEG loses its EXIF (GPS position, camera) and is turned upright', async () => {
    // 40x20 pixels stored sideways: orientation 6 means "rotate 90° to view".
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'SpyPhone', Model: 'X-1000', Copyright: 'Serial 123456' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '29/1 22/1 30/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '47/1 58/1 40/1',
        },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(hasGpsIfd(before.exif)).toBe(true);
    expect(before).toMatchObject({ orientation: 6, width: 40, height: 20 });
    expect(photo.includes('SpyPhone')).toBe(true);

    const res = await upload(carol.token, [filePart(photo, 'IMG_0001.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(201);
    const { file } = uploadedFileSchema.parse(res.json());
    const got = await t.app.inject({ method: 'GET', url: file.path });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    const served = got.rawPayload;
    expect(served.equals(readFileSync(path.join(uploadsDir, `${file.id}.jpg`)))).toBe(true);
    const after = await sharp(served).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(hasGpsIfd(served)).toBe(false);
    expect(served.includes('Exif\0')).toBe(false);
    expect(served.includes('SpyPhone')).toBe(false);
    expect(served.includes('Serial 123456')).toBe(false);
    // Upright: the pixels were turned, not just the tag dropped.
    expect({ width: after.width, height: after.height }).toEqual({ width: 20, height: 40 });
  });

  it('keeps the format (PNG, WebP, GIF) and drops what follows the image', async () => {
    for (const format of ['png', 'webp', 'gif'] as const) {
      const image = await solidImage(16, 8, format);
      const smuggled = Buffer.concat([image, Buffer.from('<script>alert(1)</script>')]);
      const res = await upload(carol.token, [filePart(smuggled, `a.${format}`, `image/${format}`)]);
      expect(res.statusCode, format).toBe(201);
      const { file } = uploadedFileSchema.parse(res.json());
      const got = await t.app.inject({ method: 'GET', url: file.path });
      expect(got.headers['content-type']).toBe(`image/${format}`);
      expect(got.rawPayload.includes('<script>')).toBe(false);
      expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format, width: 16, height: 8 });
    }
  });
});

describe('private chat images', () => {
  it('an image uploaded for chat is its owner’s only until sent: guests 401, others 404, never cached', async () => {
    const owner = await signedUp('dina.files@example.com');
    const other = await signedUp('eve.files@example.com');
    const parts = [filePart(await solidImage(8, 8, 'png'))];
    const res = await upload(owner.token, parts, '?purpose=chat');
    expect(res.statusCode).toBe(201);
    const { file } = uploadedFileSchema.parse(res.json());
    const [row] = await t.database.db.select().from(files).where(eq(files.id, file.id));
    expect(row).toMatchObject({ purpose: 'chat', conversationId: null });

    const mine = await t.app.inject({ method: 'GET', url: file.path, headers: bearer(owner.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['content-type']).toBe('image/png');
    const guest = await t.app.inject({ method: 'GET', url: file.path });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ status: 401, code: 'unauthorized' });
    const stranger = await t.app.inject({ method: 'GET', url: file.path, headers: bearer(other.token) });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ status: 404, code: 'notFound', message: expect.any(String) });
    expect(stranger.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
    // An unknown purpose is refused.
    const odd = await upload(owner.token, parts, '?purpose=secret');
    expect(odd.statusCode).toBe(422);
  });
});

/** A small but well-formed PDF: header, one empty page, cross-reference table and end marker. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

describe('certificates (teacher applications)', () => {
  it('takes a PDF for a certificate only, stored as sent and downloaded, seen by its owner and admins', async () => {
    const owner = await signedUp('fatma.files@example.com');
    const other = await signedUp('ghada.files@example.com');
    const pdfPart = filePart(PDF, 'degree.pdf', 'application/pdf');

    // Not as a photo or a chat image: a PDF is not an image.
    expect((await upload(owner.token, [pdfPart])).json()).toMatchObject({ errors: { file: 'invalidType' } });
    expect((await upload(owner.token, [pdfPart], '?purpose=chat')).statusCode).toBe(422);
    // A PDF header without an end marker, or text named .pdf, is refused as a certificate too.
    const cut = filePart(PDF.subarray(0, 40), 'cut.pdf', 'application/pdf');
    expect((await upload(owner.token, [cut], '?purpose=certificate')).statusCode).toBe(422);
    const text = filePart('hello, I am not a PDF %%EOF', 'fake.pdf', 'application/pdf');
    expect((await upload(owner.token, [text], '?purpose=certificate')).statusCode).toBe(422);

    const res = await upload(owner.token, [pdfPart], '?purpose=certificate');
    expect(res.statusCode, res.body).toBe(201);
    const { file } = uploadedFileSchema.parse(res.json());
    const [row] = await t.database.db.select().from(files).where(eq(files.id, file.id));
    expect(row).toMatchObject({ purpose: 'certificate', mimeType: 'application/pdf', size: PDF.length });
    expect(readFileSync(path.join(uploadsDir, `${file.id}.pdf`)).equals(PDF)).toBe(true);

    const mine = await t.app.inject({ method: 'GET', url: file.path, headers: bearer(owner.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toMatch(/^attachment;/);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: file.path })).statusCode).toBe(401);
    const stranger = await t.app.inject({ method: 'GET', url: file.path, headers: bearer(other.token) });
    expect(stranger.statusCode).toBe(404);

    // An image is a certificate too (re-encoded like any image).
    const image = await upload(owner.token, [filePart(await solidImage(8, 8, 'png'))], '?purpose=certificate');
    expect(image.statusCode).toBe(201);
  });
});

describe('daily upload quota', () => {
  const HOUR = 3600_000;
  async function backdated(ownerId: number, count: number, size: number, hoursAgo: number) {
    await t.database.db.insert(files).values(
      Array.from({ length: count }, (_, i) => ({
        ownerId,
        storageKey: `quota-${ownerId}-${hoursAgo}-${i}.png`,
        mimeType: 'image/png',
        size,
        createdAt: new Date(Date.now() - hoursAgo * HOUR),
      })),
    );
  }

  it(`allows ${UPLOAD_QUOTA.filesPerDay} images in 24 hours, then answers 429 uploadQuotaExceeded and stores nothing`, async () => {
    const user = await signedUp('quota.count@example.com');
    // Yesterday's uploads do not count; the last 24 hours' do.
    await backdated(user.user.id, 30, 1000, 25);
    await backdated(user.user.id, UPLOAD_QUOTA.filesPerDay - 1, 1000, 2);
    const last = await upload(user.token, [filePart(PNG_1X1)]);
    expect(last.statusCode).toBe(201);
    const before = storedFiles();
    const over = await upload(user.token, [filePart(PNG_1X1)]);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ status: 429, code: 'uploadQuotaExceeded', message: expect.any(String) });
    // Room comes back when the oldest of the day's uploads is 24 hours old (in about 22 hours).
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(21 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600);
    expect(storedFiles()).toEqual(before);
    const rows = await t.database.db.select().from(files).where(eq(files.ownerId, user.user.id));
    expect(rows).toHaveLength(30 + UPLOAD_QUOTA.filesPerDay);
    // Another user is not affected.
    const other = await signedUp('quota.other@example.com');
    expect((await upload(other.token, [filePart(PNG_1X1)])).statusCode).toBe(201);
  });

  it(`counts bytes too: past ${UPLOAD_QUOTA.bytesPerDay / (1024 * 1024)} MB a day -> 429`, async () => {
    const user = await signedUp('quota.bytes@example.com');
    // Noise does not compress: some 12 kB stored, more than the 1,000 bytes left today.
    const image = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    await backdated(user.user.id, 1, UPLOAD_QUOTA.bytesPerDay - 1000, 1);
    const over = await upload(user.token, [filePart(image)]);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'uploadQuotaExceeded' });
    // A smaller image still fits under the bytes left.
    expect((await upload(user.token, [filePart(PNG_1X1)])).statusCode).toBe(201);
    const rows = await t.database.db.select().from(files).where(eq(files.ownerId, user.user.id));
    expect(rows.reduce((sum, row) => sum + row.size, 0)).toBeLessThanOrEqual(UPLOAD_QUOTA.bytesPerDay);
  });

  it('holds under concurrent uploads: never more than the quota', async () => {
    const user = await signedUp('quota.race@example.com');
    await backdated(user.user.id, UPLOAD_QUOTA.filesPerDay - 3, 1000, 1);
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(user.token, [filePart(PNG_1X1)])));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    const rows = await t.database.db.select().from(files).where(eq(files.ownerId, user.user.id));
    expect(rows).toHaveLength(UPLOAD_QUOTA.filesPerDay);
  });
});

describe('inspectImage', () => {
  function jpeg(sofMarker: number, width: number, height: number): Buffer {
    const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01];
    const app0Rest = [0x00, 0x00];
    // A Huffman table segment before the frame: its bytes must not be read as a size.
    const dht = [0xff, 0xc4, 0x00, 0x07, 0x00, 0x11, 0x22, 0x33, 0x44];
    const sof = [
      0xff,
      sofMarker,
      0x00,
      0x11,
      0x08,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      0x03,
      0x01,
      0x22,
      0x00,
      0x02,
      0x11,
      0x01,
      0x03,
      0x11,
      0x01,
    ];
    return Buffer.from([0xff, 0xd8, ...app0, ...app0Rest, ...dht, ...sof, 0xff, 0xd9]);
  }

  it('reads a baseline (SOF0) and a progressive (SOF2) JPEG size past APP0 and DHT segments', () => {
    expect(inspectImage(jpeg(0xc0, 640, 480))).toEqual({ mime: 'image/jpeg', ext: 'jpg', width: 640, height: 480 });
    expect(inspectImage(jpeg(0xc2, 1, 65_535))).toEqual({ mime: 'image/jpeg', ext: 'jpg', width: 1, height: 65_535 });
  });

  it('refuses a JPEG without a frame header or with a zero size', () => {
    const headerless = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9, 0, 0, 0, 0]);
    expect(inspectImage(headerless)).toBeNull();
    expect(inspectImage(jpeg(0xc0, 0, 480))).toBeNull();
    expect(inspectImage(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
  });

  it('reads GIF87a and GIF89a sizes (little-endian)', () => {
    const gif = (version: string, width: number, height: number) => {
      const data = Buffer.alloc(32);
      data.write(version, 0, 'ascii');
      data.writeUInt16LE(width, 6);
      data.writeUInt16LE(height, 8);
      return data;
    };
    expect(inspectImage(gif('GIF89a', 320, 200))).toEqual({ mime: 'image/gif', ext: 'gif', width: 320, height: 200 });
    expect(inspectImage(gif('GIF87a', 258, 3))).toEqual({ mime: 'image/gif', ext: 'gif', width: 258, height: 3 });
    expect(inspectImage(gif('GIF88a', 320, 200))).toBeNull();
    const flood = inspectImage(gif('GIF89a', 65_535, 65_535));
    expect(flood && isImageTooLarge(flood)).toBe(true);
  });

  function riff(chunk: string, body: Buffer): Buffer {
    const head = Buffer.alloc(20);
    head.write('RIFF', 0, 'ascii');
    head.writeUInt32LE(12 + body.length, 4);
    head.write('WEBP', 8, 'ascii');
    head.write(chunk, 12, 'ascii');
    head.writeUInt32LE(body.length, 16);
    return Buffer.concat([head, body]);
  }

  it('reads a WebP VP8X canvas size (24-bit, minus one)', () => {
    const vp8x = (width: number, height: number) => {
      const body = Buffer.alloc(10);
      body.writeUIntLE(width - 1, 4, 3);
      body.writeUIntLE(height - 1, 7, 3);
      return riff('VP8X', body);
    };
    expect(inspectImage(vp8x(1920, 1080))).toEqual({ mime: 'image/webp', ext: 'webp', width: 1920, height: 1080 });
    expect(inspectImage(vp8x(70_000, 1))).toMatchObject({ width: 70_000, height: 1 });
    const flood = inspectImage(vp8x(16_384, 16_384));
    expect(flood && isImageTooLarge(flood)).toBe(true);
    expect(inspectImage(vp8x(1920, 1080).subarray(0, 29))).toBeNull();
  });

  it('reads lossless (VP8L) and lossy (VP8) WebP sizes, and refuses other chunks', () => {
    const vp8l = Buffer.alloc(5);
    vp8l[0] = 0x2f;
    vp8l.writeUInt32LE((300 - 1) | ((200 - 1) << 14), 1);
    expect(inspectImage(riff('VP8L', vp8l))).toEqual({ mime: 'image/webp', ext: 'webp', width: 300, height: 200 });

    const vp8 = Buffer.alloc(10);
    vp8.set([0x9d, 0x01, 0x2a], 3);
    vp8.writeUInt16LE(640, 6);
    vp8.writeUInt16LE(360, 8);
    expect(inspectImage(riff('VP8 ', vp8))).toEqual({ mime: 'image/webp', ext: 'webp', width: 640, height: 360 });

    expect(inspectImage(riff('ALPH', Buffer.alloc(16)))).toBeNull();
  });

  it('reads PNG sizes and keeps the size limits at their boundaries', () => {
    expect(inspectImage(PNG_1X1)).toEqual({ mime: 'image/png', ext: 'png', width: 1, height: 1 });
    expect(inspectImage(pngDeclaring(0, 10))).toBeNull();
    const at = (width: number, height: number) => {
      const info = inspectImage(pngDeclaring(width, height));
      if (!info) throw new Error('not recognised');
      return isImageTooLarge(info);
    };
    expect(at(MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE)).toBe(false);
    expect(at(MAX_IMAGE_SIDE + 1, 1)).toBe(true);
    expect(at(1, MAX_IMAGE_SIDE + 1)).toBe(true);
    expect(at(MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE + 1)).toBe(true);
  });

  it('recognises nothing by name: text, SVG, HTML and a PDF are not images', () => {
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"/>', '<html><script>1</script>', '%PDF-1.7\n']) {
      expect(inspectImage(Buffer.from(text.padEnd(64, ' ')))).toBeNull();
    }
  });
});
