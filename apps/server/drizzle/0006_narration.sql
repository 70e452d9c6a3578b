CREATE TABLE "ai_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"month" text NOT NULL,
	"ai_recording_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ai_generations_ai_recording_id_unique" UNIQUE("ai_recording_id")
);
--> statement-breakpoint
CREATE TABLE "ai_recording_kids" (
	"ai_recording_id" uuid NOT NULL,
	"kid_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ai_recording_kids_ai_recording_id_kid_id_pk" PRIMARY KEY("ai_recording_id","kid_id")
);
--> statement-breakpoint
CREATE TABLE "ai_recordings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"voice_clone_id" uuid,
	"voice_name" text NOT NULL,
	"voice_provider" text NOT NULL,
	"book_id" uuid,
	"requested_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"script" jsonb NOT NULL,
	"text_source" text NOT NULL,
	"media_key" text,
	"mime" text,
	"size_bytes" bigint,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"page_track" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ai_recordings_duration_nonnegative" CHECK ("ai_recordings"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voice_clones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reader_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_voice_id" text NOT NULL,
	"voice_name" text NOT NULL,
	"profile" jsonb,
	"recording_ids" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voice_clones_reader_id_unique" UNIQUE("reader_id")
);
--> statement-breakpoint
CREATE TABLE "voice_consents" (
	"reader_id" uuid PRIMARY KEY NOT NULL,
	"allowed" boolean NOT NULL,
	"updated_at" timestamp with time zone,
	"last_asked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_ai_recording_id_ai_recordings_id_fk" FOREIGN KEY ("ai_recording_id") REFERENCES "public"."ai_recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recording_kids" ADD CONSTRAINT "ai_recording_kids_ai_recording_id_ai_recordings_id_fk" FOREIGN KEY ("ai_recording_id") REFERENCES "public"."ai_recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recording_kids" ADD CONSTRAINT "ai_recording_kids_kid_id_kids_id_fk" FOREIGN KEY ("kid_id") REFERENCES "public"."kids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recording_kids" ADD CONSTRAINT "ai_recording_kids_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recordings" ADD CONSTRAINT "ai_recordings_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recordings" ADD CONSTRAINT "ai_recordings_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recordings" ADD CONSTRAINT "ai_recordings_voice_clone_id_voice_clones_id_fk" FOREIGN KEY ("voice_clone_id") REFERENCES "public"."voice_clones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recordings" ADD CONSTRAINT "ai_recordings_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recordings" ADD CONSTRAINT "ai_recordings_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_clones" ADD CONSTRAINT "voice_clones_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_clones" ADD CONSTRAINT "voice_clones_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_consents" ADD CONSTRAINT "voice_consents_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_generations_family_month_idx" ON "ai_generations" USING btree ("family_id","month");--> statement-breakpoint
CREATE INDEX "ai_recording_kids_kid_idx" ON "ai_recording_kids" USING btree ("kid_id");--> statement-breakpoint
CREATE INDEX "ai_recordings_family_idx" ON "ai_recordings" USING btree ("family_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_recordings_reader_book_idx" ON "ai_recordings" USING btree ("reader_id","book_id");