ALTER TABLE "users" ADD COLUMN "signing_pin_hash" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "signed_locked_at" timestamp with time zone;