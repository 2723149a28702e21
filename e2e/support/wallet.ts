import { baseUrl } from './browser.ts';

/**
 * Tops a wallet up by `kwd` through the sandbox gateway over HTTP, exactly as the browser would:
 * start the top-up, press Pay on the sandbox page, follow the redirect back. Answers once the
 * server has settled the payment. `base`: another server than the suite's (a spec's own).
 */
export async function topUpWithSandbox(token: string, kwd: number, base = baseUrl()): Promise<void> {
  const start = await fetch(`${base}/api/v1/balance/top-up/payzah`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ amount: kwd.toFixed(3), language: 'en', options: { payment_type: '1' } }),
  });
  if (!start.ok) throw new Error(`top-up: ${start.status} ${await start.text()}`);
  const { paymentLink } = (await start.json()) as { paymentLink: string };
  const pay = await fetch(paymentLink, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  const back = pay.headers.get('location');
  if (!back) throw new Error('the sandbox did not redirect');
  await fetch(new URL(back, base), { redirect: 'manual' });
}
