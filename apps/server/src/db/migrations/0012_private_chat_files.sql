DROP INDEX "files_owner_idx";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "purpose" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "conversation_id" integer;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_created_idx" ON "files" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_check" CHECK ("files"."purpose" in ('public', 'chat'));--> statement-breakpoint
-- Images already attached to chat messages become private to that conversation (the first one
-- that carried them), unless someone uses the same file as a profile photo.
UPDATE "files" AS f
SET "purpose" = 'chat', "conversation_id" = attached."conversation_id"
FROM (
  SELECT DISTINCT ON (item->>'id') item->>'id' AS file_id, m."conversation_id"
  FROM "messages" AS m, jsonb_array_elements(m."attachments") AS item
  ORDER BY item->>'id', m."id"
) AS attached
WHERE f."id"::text = attached.file_id
  AND NOT EXISTS (SELECT 1 FROM "users" AS u WHERE u."photo_file_id" = f."id");
