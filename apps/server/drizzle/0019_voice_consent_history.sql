CREATE TABLE "voice_consent_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reader_id" uuid NOT NULL,
	"allowed" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_consent_changes" ADD CONSTRAINT "voice_consent_changes_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_consent_changes_reader_idx" ON "voice_consent_changes" USING btree ("reader_id","at");--> statement-breakpoint
-- The answers given before the history was kept: the last one of each reader, with when.
INSERT INTO "voice_consent_changes" ("reader_id", "allowed", "at") SELECT "reader_id", "allowed", "updated_at" FROM "voice_consents" WHERE "updated_at" IS NOT NULL;
