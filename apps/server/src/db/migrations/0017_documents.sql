CREATE TABLE "application_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"template_id" integer,
	"revision" integer NOT NULL,
	"state" text DEFAULT 'generating' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"generated_file_id" integer,
	"file_id" integer,
	"generated_sha256" text,
	"signing_layout" jsonb,
	"output_number" text,
	"verification_code" text NOT NULL,
	"created_by" integer,
	"issued_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"returned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"kind" text NOT NULL,
	"cell_index" integer,
	"signer_user_id" integer,
	"method" text NOT NULL,
	"certificate_serial" text,
	"visa_code" text,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"system_type" text,
	"content" jsonb NOT NULL,
	"signing_layout" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"organisation_id" integer,
	"kind" text NOT NULL,
	"items" jsonb NOT NULL,
	"custom_image_file_id" integer,
	"confirmation" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"results" jsonb,
	"offline" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "allocated_document_series" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "visa_first_code" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "visa_second_code" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "visa_rejection_code" text;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_generated_file_id_files_id_fk" FOREIGN KEY ("generated_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_document_id_application_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."application_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_signer_user_id_users_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_custom_image_file_id_files_id_fk" FOREIGN KEY ("custom_image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_revision_unique" ON "application_documents" USING btree ("application_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_verification_unique" ON "application_documents" USING btree ("verification_code");--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_live_unique" ON "application_documents" USING btree ("application_id") WHERE "application_documents"."state" NOT IN ('returned', 'error');--> statement-breakpoint
CREATE INDEX "application_documents_issued_idx" ON "application_documents" USING btree ("organisation_id","issued_at" DESC NULLS FIRST,"id") WHERE "application_documents"."state" = 'issued';--> statement-breakpoint
CREATE INDEX "document_signatures_document_idx" ON "document_signatures" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_signatures_cell_unique" ON "document_signatures" USING btree ("document_id","cell_index") WHERE "document_signatures"."cell_index" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "document_templates_name_unique" ON "document_templates" USING btree (coalesce("organisation_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "signing_requests_request_unique" ON "signing_requests" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "signing_requests_user_status_idx" ON "signing_requests" USING btree ("user_id","status","created_at");