CREATE TABLE "circulars" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"application_id" integer,
	"created_by" integer NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"department_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipient_users" integer DEFAULT 0 NOT NULL,
	"recipient_emails" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_digest_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"channel" text NOT NULL,
	"frequency" text NOT NULL,
	"line" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"message_id" integer
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"in_app" boolean NOT NULL,
	"frequency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_event_type_pk" PRIMARY KEY("user_id","event_type")
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"character_limit" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_user_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"event_id" integer,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"message_source" text,
	"source_number" text,
	"source_id" integer,
	"has_been_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_language" text DEFAULT 'ro' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "event_type" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "circulars" ADD CONSTRAINT "circulars_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circulars" ADD CONSTRAINT "circulars_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circulars" ADD CONSTRAINT "circulars_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_message_id_outbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circulars_organisation_created_idx" ON "circulars" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "circulars_application_idx" ON "circulars" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "circulars_created_by_idx" ON "circulars" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_digest_items_key" ON "notification_digest_items" USING btree ("user_id","event_id","channel");--> statement-breakpoint
CREATE INDEX "notification_digest_items_pending_idx" ON "notification_digest_items" USING btree ("frequency","user_id","channel","created_at") WHERE "notification_digest_items"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notification_digest_items_event_idx" ON "notification_digest_items" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_key" ON "notification_templates" USING btree ("event_type","channel","language");--> statement-breakpoint
CREATE INDEX "notification_templates_list_idx" ON "notification_templates" USING btree ("event_type","language","channel","id");--> statement-breakpoint
CREATE INDEX "user_messages_recipient_created_idx" ON "user_messages" USING btree ("recipient_user_id","created_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_messages_recipient_source_idx" ON "user_messages" USING btree ("recipient_user_id","source_id","created_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_messages_event_recipient_key" ON "user_messages" USING btree ("event_id","recipient_user_id") WHERE "user_messages"."event_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_status_created_idx" ON "outbox_messages" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_provider_message_idx" ON "outbox_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "domain_events_pending_idx" ON "domain_events" USING btree ("id") WHERE "domain_events"."processed_at" IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_domain_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Delivered when the transaction commits: the dispatcher wakes up for committed events only.
  PERFORM pg_notify('domain_events', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "domain_events_notify" AFTER INSERT ON "domain_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_domain_events"();
