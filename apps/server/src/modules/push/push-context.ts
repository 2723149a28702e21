import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/** What the push service's operations use: its dependencies, as given to `createPushService`. */
export type PushDeps = {
  db: Db;
  vapid: VapidKeys;
  /** `mailto:` or https contact of the operator, sent to the push services with every push. */
  subject: string;
  /** PUSH_ENDPOINT_HOSTS: more hosts (exact `host[:port]`, http allowed) beside the known push services. */
  extraHosts: readonly string[];
  /** Which of these users have an open socket (realtime presence). */
  onlineAmong: (userIds: number[]) => Promise<Set<number>>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
};
