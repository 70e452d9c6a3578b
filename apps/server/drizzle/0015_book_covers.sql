ALTER TABLE "books" ADD COLUMN "cover_key" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "thumbnail_key" text;