CREATE TABLE "unknown_login_failures" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "secrets" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "secrets_expire_at" timestamp with time zone;--> statement-breakpoint
-- Phone blocks last five minutes: the old per-phone counters are dropped, not converted.
DELETE FROM "public_phone_blocks";--> statement-breakpoint
ALTER TABLE "public_phone_blocks" DROP CONSTRAINT "public_phone_blocks_pkey";--> statement-breakpoint
ALTER TABLE "public_phone_blocks" ADD COLUMN "application_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "public_phone_blocks" ADD CONSTRAINT "public_phone_blocks_application_id_phone_pk" PRIMARY KEY("application_id","phone");--> statement-breakpoint
ALTER TABLE "public_phone_blocks" ADD CONSTRAINT "public_phone_blocks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;
