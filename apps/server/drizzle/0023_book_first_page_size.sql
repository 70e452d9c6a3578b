-- The first page's size, read by the cover job: the book page lays out its preview before the PDF arrives.
ALTER TABLE "books" ADD COLUMN "first_page_width" real;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "first_page_height" real;