/**
 * How many chat messages a user may send: one budget for all of the user's sockets, on every
 * server process. With Redis the count lives there (one atomic script per message); without it,
 * in this process (one process is then the whole deployment).
 */

/** A user may send this many messages per window; more are refused until the window ends. */
export const MESSAGE_BURST = 30;
export const MESSAGE_WINDOW_MS = 10_000;

export type MessageLimiter = {
  /** Counts one message of the user; false when the user's budget for this window is spent. */
  take(userId: number): Promise<boolean>;
};

type Budget = { limit: number; windowMs: number };

const DEFAULT_BUDGET: Budget = { limit: MESSAGE_BURST, windowMs: MESSAGE_WINDOW_MS };

/** A window per user that starts with their first message and ends `windowMs` later. */
export function memoryMessageLimiter(budget: Budget = DEFAULT_BUDGET, now: () => number = Date.now): MessageLimiter {
  const windows = new Map<number, { count: number; endsAt: number }>();
  return {
    async take(userId) {
      const at = now();
      // Forget ended windows now and then, so the map holds only the users who wrote lately.
      if (windows.size > 1000) for (const [id, window] of windows) if (window.endsAt <= at) windows.delete(id);
      let window = windows.get(userId);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + budget.windowMs };
        windows.set(userId, window);
      }
      window.count += 1;
      return window.count <= budget.limit;
    },
  };
}

/** The part of a node-redis client the limiter uses. */
export type RedisEval = {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
};

/**
 * Counts and starts the window in one step (a script runs atomically): two processes counting the
 * same user at once both see the right total, and a key never lives without its expiry.
 */
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * The same window kept in Redis under `<prefix>:chat:rate:<userId>`. When Redis does not answer,
 * the process's own count stands in (each process then limits alone) rather than refusing chat.
 */
export function redisMessageLimiter(
  client: RedisEval,
  prefix: string,
  onError: (error: unknown) => void,
  budget: Budget = DEFAULT_BUDGET,
): MessageLimiter {
  const fallback = memoryMessageLimiter(budget);
  return {
    async take(userId) {
      try {
        const count = Number(
          await client.eval(COUNT_SCRIPT, {
            keys: [`${prefix}:chat:rate:${userId}`],
            arguments: [String(budget.windowMs)],
          }),
        );
        return count <= budget.limit;
      } catch (error) {
        onError(error);
        return fallback.take(userId);
      }
    },
  };
}
