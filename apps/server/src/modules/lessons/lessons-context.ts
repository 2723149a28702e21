import type { IceServer } from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';

/** What the lesson room's operations share. */
export type LessonsContext = {
  db: Db;
  /** The server's clock (TEST_CLOCK_OFFSET_SECONDS): it decides whether the room is open. */
  clock: Clock;
  /** ICE_SERVERS, handed to both parties. */
  iceServers: IceServer[];
  /** Signs the join links of external meetings (derived from JWT_SECRET by buildApp). */
  linkKey: string;
};
