CREATE TABLE "beneficiary_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"external_number" text,
	"external_date" date,
	"subject" text,
	"connected_application_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document_file_id" integer,
	"applicant_is_placeholder" boolean DEFAULT false NOT NULL,
	"slip_version" integer DEFAULT 1 NOT NULL,
	"slip_generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_by" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_to" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "beneficiary_invitations" ADD CONSTRAINT "beneficiary_invitations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_invitations" ADD CONSTRAINT "beneficiary_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_records" ADD CONSTRAINT "registry_records_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_records" ADD CONSTRAINT "registry_records_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_records" ADD CONSTRAINT "registry_records_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_records" ADD CONSTRAINT "registry_records_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_records" ADD CONSTRAINT "registry_records_sent_to_users_id_fk" FOREIGN KEY ("sent_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiary_invitations_unique" ON "beneficiary_invitations" USING btree ("application_id",lower("email"));--> statement-breakpoint
CREATE INDEX "beneficiary_invitations_invited_by_idx" ON "beneficiary_invitations" USING btree ("invited_by");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_records_application_unique" ON "registry_records" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "registry_records_organisation_idx" ON "registry_records" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "registry_records_document_file_idx" ON "registry_records" USING btree ("document_file_id");--> statement-breakpoint
CREATE INDEX "registry_records_registered_by_idx" ON "registry_records" USING btree ("registered_by");--> statement-breakpoint
CREATE INDEX "registry_records_sent_to_idx" ON "registry_records" USING btree ("sent_to");