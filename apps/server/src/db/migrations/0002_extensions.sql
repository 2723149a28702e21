-- Custom SQL migration file, put your code below! ---- btree_gist: the time-slot exclusion constraint (teacher_id with =, tstzrange with &&).
-- pg_trgm: trigram GIN indexes so `search_text LIKE '%term%'` uses an index.
-- Both are trusted extensions (a database owner may create them); PGlite loads them at open.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
