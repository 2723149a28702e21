import type { FastifyInstance } from 'fastify';

/**
 * The push jobs (issue 19): every few seconds the stored notifications nobody handled yet are
 * pushed to the devices of users without an open socket, and every 30 s the lesson reminders due
 * by the server's clock go out. Each notification and reminder is claimed by a unique row before
 * it is sent, so several processes may run these at once and a restart sends nothing twice.
 */
export function startPushJobs(
  app: FastifyInstance,
  { dispatchSeconds = 2, reminderSeconds = 30 }: { dispatchSeconds?: number; reminderSeconds?: number } = {},
): () => void {
  const every = (seconds: number, name: string, run: () => Promise<number>) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      run()
        .then((count) => {
          if (count > 0) app.log.info({ count }, name);
        })
        .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
        .finally(() => {
          running = false;
        });
    }, seconds * 1000);
    timer.unref();
    return timer;
  };
  const timers = [
    every(dispatchSeconds, 'push notifications', () => app.push.dispatchNotifications()),
    every(reminderSeconds, 'lesson reminders', () => app.push.sendLessonReminders(app.clock())),
  ];
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
