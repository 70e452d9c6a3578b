CREATE TABLE "family_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_id" uuid,
	"subject_user_id" uuid,
	"subject_text" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "code_joins_need_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "family_activity" ADD CONSTRAINT "family_activity_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_activity" ADD CONSTRAINT "family_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_activity" ADD CONSTRAINT "family_activity_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_activity_family_idx" ON "family_activity" USING btree ("family_id","at");--> statement-breakpoint
-- The change notice every table gives (0008): the activity log is read by admins' answers.
CREATE TRIGGER fst_changes AFTER INSERT OR UPDATE OR DELETE ON family_activity FOR EACH ROW EXECUTE FUNCTION fst_notify_change();
