CREATE TABLE "device_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"kid_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kid_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"kid_id" uuid NOT NULL,
	"device_name" text NOT NULL,
	"token_hash" text NOT NULL,
	"paired_by" uuid,
	"paired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_events" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "reactions" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_kid_id_kids_id_fk" FOREIGN KEY ("kid_id") REFERENCES "public"."kids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_devices" ADD CONSTRAINT "kid_devices_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_devices" ADD CONSTRAINT "kid_devices_kid_id_kids_id_fk" FOREIGN KEY ("kid_id") REFERENCES "public"."kids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_devices" ADD CONSTRAINT "kid_devices_paired_by_users_id_fk" FOREIGN KEY ("paired_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_codes_expires_idx" ON "device_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kid_devices_token_idx" ON "kid_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "kid_devices_family_idx" ON "kid_devices" USING btree ("family_id");--> statement-breakpoint
ALTER TABLE "play_events" ADD CONSTRAINT "play_events_device_id_kid_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."kid_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_device_id_kid_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."kid_devices"("id") ON DELETE set null ON UPDATE no action;