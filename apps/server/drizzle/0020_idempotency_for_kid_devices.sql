-- Idempotency-Keys per caller, an account or a kid device (issue 26): the kept answers move to "owner".
ALTER TABLE "idempotent_requests" DROP CONSTRAINT "idempotent_requests_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotent_requests" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD COLUMN "owner" uuid;--> statement-breakpoint
UPDATE "idempotent_requests" SET "owner" = "user_id";--> statement-breakpoint
ALTER TABLE "idempotent_requests" ALTER COLUMN "owner" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_owner_key_pk" PRIMARY KEY("owner","key");--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_device_id_kid_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."kid_devices"("id") ON DELETE cascade ON UPDATE no action;
