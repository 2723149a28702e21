import { type Db, rawQueryOf } from '../db/client.ts';

/**
 * The business gauges, counted when /metrics is scraped: gateway payments waiting for their
 * answer and slots held for them. Both counts use partial indexes (`payments_pending_idx`,
 * time_slots by status), so a scrape costs two index scans.
 */
export async function businessCounts(db: Db): Promise<{ pendingPayments: number; heldSlots: number }> {
  const query = rawQueryOf(db);
  const [payments, slots] = await Promise.all([
    query<{ n: number }>(`select count(*)::int as n from payments where status = 'pending'`, []),
    query<{ n: number }>(`select count(*)::int as n from time_slots where status = 'held'`, []),
  ]);
  return { pendingPayments: payments.rows[0]?.n ?? 0, heldSlots: slots.rows[0]?.n ?? 0 };
}
