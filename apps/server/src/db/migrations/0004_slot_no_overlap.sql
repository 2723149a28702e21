-- Custom SQL migration file, put your code below! ---- A teacher's slots never overlap, whatever their status (ARCHITECTURE.md, "Time slots").
-- Half-open ranges: a slot ending at 17:00 and the next starting at 17:00 are both allowed.
-- drizzle-kit cannot express an exclusion constraint, hence this hand-written migration.
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_no_overlap"
  EXCLUDE USING gist ("teacher_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&);
