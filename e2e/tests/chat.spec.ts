import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, screenshot } from '../support/browser.ts';

const DEMO_PASSWORD = 'Ustaz2026!';
// Accounts no other spec signs in as.
const STUDENT = 'student11@ustaz.example';
const TEACHER = 'teacher29@ustaz.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function logIn(page: Page, email: string) {
  await page.goto('/en/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // Signed in once the tokens are stored and the app has left the login page (any viewport).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken')), {
      timeout: 15_000,
    })
    .toBeTruthy();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

async function userIdOf(email: string): Promise<number> {
  const login = await fetch(`${baseUrl()}/api/v1/auth/email/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const me = await fetch(`${baseUrl()}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  return ((await me.json()) as { id: number }).id;
}

function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

describe('chat in a real browser, two people', () => {
  it('an offline teacher gets a notification and a badge; then both chat live with typing and read receipts', async () => {
    const teacherId = await userIdOf(TEACHER);
    const studentId = await userIdOf(STUDENT);

    // The student writes while the teacher is not signed in anywhere.
    const student = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(student, STUDENT);
    await student.goto(`/en/chats/${teacherId}`);
    await composer(student).fill('Hello! Can we review fractions on Monday?');
    await student.getByRole('button', { name: 'Send' }).click();
    const mine = student.getByText('Hello! Can we review fractions on Monday?');
    await mine.waitFor();

    // The teacher signs in: the bell shows the notification, the chat list the unread message.
    const teacher = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(teacher, TEACHER);
    // The bell's name carries the unread count ("Notifications, 1 unread").
    await teacher
      .getByRole('link', { name: /^Notifications, \d+ unread$/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await teacher.goto('/en/chats');
    await teacher.getByText('Hello! Can we review fractions on Monday?').waitFor();
    await screenshot(teacher, 'chat-list-teacher-en');

    // Both in the conversation: typing shows, a reply arrives live, reading shows on the student's side.
    await teacher.goto(`/en/chats/${studentId}`);
    await teacher.getByText('Hello! Can we review fractions on Monday?').waitFor();
    await student.getByText('Read', { exact: true }).first().waitFor({ timeout: 15_000 });
    await composer(teacher).pressSequentially('Of course', { delay: 30 });
    await student.getByText(/is typing/).waitFor({ timeout: 10_000 });
    await teacher.getByRole('button', { name: 'Send' }).click();
    await student.getByText('Of course').waitFor({ timeout: 10_000 });
    await screenshot(student, 'chat-conversation-student-en');

    // Nothing was lost or doubled: the stored history has both, once, in order.
    const token = await student.evaluate(
      () => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'),
    );
    const chats = await fetch(`${baseUrl()}/api/v1/chats`, { headers: { authorization: `Bearer ${token}` } });
    const [conversation] = ((await chats.json()) as { data: { conversationId: number }[] }).data;
    const history = await fetch(`${baseUrl()}/api/v1/chats/${conversation?.conversationId}/messages`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const contents = ((await history.json()) as { data: { content: string }[] }).data.map((m) => m.content);
    expect(contents).toEqual(['Hello! Can we review fractions on Monday?', 'Of course']);
    await student.context().close();
    await teacher.context().close();
  }, 90_000);

  it('the conversation screen is right to left in Arabic', async () => {
    const teacherId = await userIdOf(TEACHER);
    const page = await newPage(browser, { viewport: { width: 375, height: 812 } });
    await logIn(page, STUDENT);
    await page.goto(`/ar/chats/${teacherId}`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // 30 s: once (load average 10, through nginx) the history took longer than 15 s to show.
    await page.getByText('Of course').waitFor({ timeout: 30_000 });
    await screenshot(page, 'chat-conversation-student-ar-mobile');
    await page.context().close();
  });

  it('an image sent in a chat shows to both participants and to no one else', async () => {
    const teacherId = await userIdOf(TEACHER);
    const studentId = await userIdOf(STUDENT);
    const student = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(student, STUDENT);
    await student.goto(`/en/chats/${teacherId}`);
    await composer(student).waitFor();
    // A picture drawn in the page (a photo would do the same): two bands of colour, 320x200.
    const png = await student.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 200;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = '#0e7490';
      context.fillRect(0, 0, 320, 100);
      context.fillStyle = '#f59e0b';
      context.fillRect(0, 100, 320, 100);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
    await student
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await student.locator('[data-testid="draft-attachment"][data-status="ready"]').waitFor({ timeout: 15_000 });
    await composer(student).fill('The exercise from the board');
    await student.getByRole('button', { name: 'Send' }).click();
    await student.getByText('The exercise from the board').waitFor();

    /** The sent image, loaded (from a blob: address fetched with the token). */
    async function shownImage(page: Page, name: string) {
      const image = page.getByRole('img', { name, exact: true }).last();
      await image.waitFor({ timeout: 15_000 });
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 10_000 })
        .toBe(320);
      return image.getAttribute('src');
    }
    expect(await shownImage(student, 'Image')).toMatch(/^blob:/);

    const teacher = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(teacher, TEACHER);
    await teacher.goto(`/en/chats/${studentId}`);
    expect(await shownImage(teacher, 'Image')).toMatch(/^blob:/);
    await screenshot(teacher, 'chat-image-teacher-en');
    await teacher.goto(`/ar/chats/${studentId}`);
    expect(await shownImage(teacher, 'صورة')).toMatch(/^blob:/);
    await screenshot(teacher, 'chat-image-teacher-ar');

    // The file itself: private, never cached; a guest and a signed-in stranger get nothing.
    const token = await teacher.evaluate(
      () => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'),
    );
    const history = await fetch(`${baseUrl()}/api/v1/chats`, { headers: { authorization: `Bearer ${token}` } });
    const summaries = (await history.json()) as {
      data: { otherUser: { id: number }; lastMessage: { attachments: { url: string }[] } | null }[];
    };
    const url = summaries.data.find((c) => c.otherUser.id === studentId)?.lastMessage?.attachments[0]?.url ?? '';
    expect(url).toMatch(/^\/api\/v1\/files\//);
    const own = await fetch(`${baseUrl()}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(`${baseUrl()}${url}`)).status).toBe(401);
    const login = await fetch(`${baseUrl()}/api/v1/auth/email/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'teacher28@ustaz.example', password: DEMO_PASSWORD }),
    });
    const stranger = ((await login.json()) as { token: string }).token;
    expect((await fetch(`${baseUrl()}${url}`, { headers: { authorization: `Bearer ${stranger}` } })).status).toBe(404);
    await student.context().close();
    await teacher.context().close();
  }, 90_000);
});
