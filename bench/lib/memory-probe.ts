// Loaded into the server under test with `node --import` by the soak bench: every 2 s it writes
// process.memoryUsage() to BENCH_MEMORY_FILE (no inspector, no debug port, no change to the server).
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    writeFileSync(`${file}.tmp`, JSON.stringify({ at: Date.now(), ...m }));
    renameSync(`${file}.tmp`, file);
  }, 2000);
  timer.unref();
}
