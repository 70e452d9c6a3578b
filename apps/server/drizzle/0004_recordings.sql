CREATE TABLE "recording_kids" (
	"recording_id" uuid NOT NULL,
	"kid_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_kids_recording_id_kid_id_pk" PRIMARY KEY("recording_id","kid_id")
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reader_id" uuid NOT NULL,
	"book_id" uuid,
	"recording_type" text NOT NULL,
	"media_key" text NOT NULL,
	"original_key" text,
	"mime" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"is_premium" boolean DEFAULT false NOT NULL,
	"poster_key" text,
	"page_track" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "recordings_duration_nonnegative" CHECK ("recordings"."duration_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "recording_kids" ADD CONSTRAINT "recording_kids_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_kids" ADD CONSTRAINT "recording_kids_kid_id_kids_id_fk" FOREIGN KEY ("kid_id") REFERENCES "public"."kids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_kids" ADD CONSTRAINT "recording_kids_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_kids_kid_idx" ON "recording_kids" USING btree ("kid_id");--> statement-breakpoint
CREATE INDEX "recordings_reader_idx" ON "recordings" USING btree ("reader_id","created_at");--> statement-breakpoint
CREATE INDEX "recordings_book_idx" ON "recordings" USING btree ("book_id");