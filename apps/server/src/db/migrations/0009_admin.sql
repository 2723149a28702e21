CREATE TABLE "admin_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "approved_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_entity_idx" ON "admin_audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
-- The audit log is append-only: rows are never deleted and only the actor link may be cleared.
CREATE FUNCTION admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.actor_user_id IS NULL
     AND (NEW.id, NEW.action, NEW.entity_type, NEW.entity_id, NEW.created_at)
       IS NOT DISTINCT FROM (OLD.id, OLD.action, OLD.entity_type, OLD.entity_id, OLD.created_at)
     AND NEW.before IS NOT DISTINCT FROM OLD.before AND NEW.after IS NOT DISTINCT FROM OLD.after
     AND NEW.reason IS NOT DISTINCT FROM OLD.reason THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the admin audit log is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_append_only BEFORE UPDATE OR DELETE ON "admin_audit_log"
FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only();
--> statement-breakpoint
-- Listing filters approved profiles; reviews lists skip hidden rows.
CREATE INDEX "teacher_profiles_pending_idx" ON "teacher_profiles" ("created_at") WHERE "approved_at" IS NULL;
