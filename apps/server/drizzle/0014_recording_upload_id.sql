ALTER TABLE "recordings" ADD COLUMN "upload_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_upload_idx" ON "recordings" USING btree ("upload_id");