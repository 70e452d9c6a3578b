ALTER TABLE "play_events" ALTER COLUMN "recording_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "play_events" ADD COLUMN "ai_recording_id" uuid;--> statement-breakpoint
ALTER TABLE "play_events" ADD CONSTRAINT "play_events_ai_recording_id_ai_recordings_id_fk" FOREIGN KEY ("ai_recording_id") REFERENCES "public"."ai_recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_events_kid_ai_recording_idx" ON "play_events" USING btree ("kid_id","ai_recording_id","created_at");--> statement-breakpoint
CREATE INDEX "play_events_ai_recording_idx" ON "play_events" USING btree ("ai_recording_id");--> statement-breakpoint
ALTER TABLE "play_events" ADD CONSTRAINT "play_events_one_story" CHECK (("play_events"."recording_id" IS NULL) <> ("play_events"."ai_recording_id" IS NULL));