-- A kid device keeps the playlist's first N stories offline by itself, N set by a parent per device (issue 26).
ALTER TABLE "kid_devices" ADD COLUMN "offline_stories" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "kid_devices" ADD CONSTRAINT "kid_devices_offline_stories_range" CHECK ("kid_devices"."offline_stories" BETWEEN 0 AND 20);