CREATE TABLE "application_beneficiaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"person_type" text NOT NULL,
	"citizenship" text DEFAULT 'romanian' NOT NULL,
	"first_name" text,
	"last_name" text,
	"company_name" text,
	"personal_numeric_code" text,
	"unique_registration_code" text,
	"email" text,
	"phone" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_contact_person" boolean DEFAULT false NOT NULL,
	"tna_code" text,
	"subsidiary" text,
	"anaf_status" text DEFAULT 'not_applicable' NOT NULL,
	"anaf_checked_at" timestamp with time zone,
	"anaf_data" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"text" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"is_clarification" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"file_type" text DEFAULT 'input' NOT NULL,
	"status" text,
	"category" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_preview" boolean DEFAULT false NOT NULL,
	"is_identification" boolean DEFAULT false NOT NULL,
	"is_gis" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_real_estates" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"cadastral_number" text NOT NULL,
	"uat_id" integer NOT NULL,
	"county_id" integer NOT NULL,
	"type" text NOT NULL,
	"area" numeric(14, 2),
	"address" text,
	"registry_area" numeric(14, 2),
	"area_mismatch" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"domain" text DEFAULT 'urbanism' NOT NULL,
	"category" text DEFAULT 'inbound' NOT NULL,
	"citizen_form_id" integer,
	"staff_form_id" integer,
	"reject_form_id" integer,
	"document_template_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"series_type_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tax_category_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reference_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archive_document_type_code" text,
	"workflow_id" integer,
	"is_auto" boolean DEFAULT false NOT NULL,
	"remaining_period" integer DEFAULT 30 NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uat_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dynamic_form" boolean DEFAULT true NOT NULL,
	"digital_seal" boolean DEFAULT false NOT NULL,
	"custom_seal_file_id" integer,
	"related_clarification_type_id" integer,
	"related_internal_type_id" integer,
	"department_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"function_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"usage_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_type_id" integer NOT NULL,
	"form_version_id" integer,
	"organisation_id" integer NOT NULL,
	"applicant_user_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"identification_number" text,
	"series_id" integer,
	"series_index" integer,
	"application_date" timestamp with time zone,
	"response_due_in_days" integer,
	"purpose" text,
	"uat_id" integer,
	"real_estate_type" text,
	"form_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sign_details" jsonb DEFAULT '{"isOnline":true,"package":null}'::jsonb NOT NULL,
	"tax_summary" jsonb,
	"total_tax" numeric(12, 2),
	"is_paid" boolean DEFAULT false NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"assignee_user_id" integer,
	"parent_application_id" integer,
	"rejected_reason" text,
	"quick_search" text DEFAULT '' NOT NULL,
	"last_review_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beneficiaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"organisation_id" integer,
	"person_type" text NOT NULL,
	"citizenship" text DEFAULT 'romanian' NOT NULL,
	"first_name" text,
	"last_name" text,
	"company_name" text,
	"personal_numeric_code" text,
	"unique_registration_code" text,
	"email" text,
	"phone" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_contact_person" boolean DEFAULT false NOT NULL,
	"tna_code" text,
	"subsidiary" text,
	"anaf_status" text DEFAULT 'not_applicable' NOT NULL,
	"anaf_checked_at" timestamp with time zone,
	"anaf_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cadastral_parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"uat_id" integer NOT NULL,
	"cadastral_number" text NOT NULL,
	"topo_number" text NOT NULL,
	"area" numeric(14, 2) NOT NULL,
	"address" text,
	"land_registry_number" text,
	"geom" geometry(MultiPolygon, 3844),
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"separator" text DEFAULT '/' NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"rejected_prefix" text DEFAULT '' NOT NULL,
	"registers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"yearly_reset" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_series_counters" (
	"series_id" integer NOT NULL,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"current_index" integer NOT NULL,
	CONSTRAINT "document_series_counters_series_id_year_kind_pk" PRIMARY KEY("series_id","year","kind")
);
--> statement-breakpoint
CREATE TABLE "document_series_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"actor_user_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"draft_definition" jsonb DEFAULT '{"fields":[]}'::jsonb NOT NULL,
	"published_version_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_phone_blocks" (
	"phone" text PRIMARY KEY NOT NULL,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_status_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_beneficiaries" ADD CONSTRAINT "application_beneficiaries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_comments" ADD CONSTRAINT "application_comments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_comments" ADD CONSTRAINT "application_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_real_estates" ADD CONSTRAINT "application_real_estates_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_real_estates" ADD CONSTRAINT "application_real_estates_uat_id_territorial_units_id_fk" FOREIGN KEY ("uat_id") REFERENCES "public"."territorial_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_real_estates" ADD CONSTRAINT "application_real_estates_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_types" ADD CONSTRAINT "application_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_types" ADD CONSTRAINT "application_types_citizen_form_id_forms_id_fk" FOREIGN KEY ("citizen_form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_types" ADD CONSTRAINT "application_types_staff_form_id_forms_id_fk" FOREIGN KEY ("staff_form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_types" ADD CONSTRAINT "application_types_reject_form_id_forms_id_fk" FOREIGN KEY ("reject_form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_application_type_id_application_types_id_fk" FOREIGN KEY ("application_type_id") REFERENCES "public"."application_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_form_version_id_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_series_id_document_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."document_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_uat_id_territorial_units_id_fk" FOREIGN KEY ("uat_id") REFERENCES "public"."territorial_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastral_parcels" ADD CONSTRAINT "cadastral_parcels_uat_id_territorial_units_id_fk" FOREIGN KEY ("uat_id") REFERENCES "public"."territorial_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_series" ADD CONSTRAINT "document_series_type_id_document_series_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."document_series_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_series" ADD CONSTRAINT "document_series_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_series_counters" ADD CONSTRAINT "document_series_counters_series_id_document_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."document_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_status_codes" ADD CONSTRAINT "public_status_codes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_beneficiaries_cnp_unique" ON "application_beneficiaries" USING btree ("application_id","personal_numeric_code") WHERE "application_beneficiaries"."personal_numeric_code" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "application_beneficiaries_cui_unique" ON "application_beneficiaries" USING btree ("application_id","unique_registration_code") WHERE "application_beneficiaries"."unique_registration_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "application_comments_application_idx" ON "application_comments" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_files_application_idx" ON "application_files" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_real_estates_unique" ON "application_real_estates" USING btree ("application_id","cadastral_number");--> statement-breakpoint
CREATE UNIQUE INDEX "application_types_name_unique" ON "application_types" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "applications_applicant_idx" ON "applications" USING btree ("applicant_user_id","status");--> statement-breakpoint
CREATE INDEX "applications_organisation_idx" ON "applications" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_identification_unique" ON "applications" USING btree ("organisation_id","identification_number");--> statement-breakpoint
CREATE INDEX "beneficiaries_owner_idx" ON "beneficiaries" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cadastral_parcels_topo_unique" ON "cadastral_parcels" USING btree ("topo_number");--> statement-breakpoint
CREATE INDEX "cadastral_parcels_lookup_idx" ON "cadastral_parcels" USING btree ("uat_id","cadastral_number");--> statement-breakpoint
CREATE INDEX "cadastral_parcels_geom_idx" ON "cadastral_parcels" USING gist ("geom");--> statement-breakpoint
CREATE UNIQUE INDEX "document_series_name_unique" ON "document_series" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "document_series_type_idx" ON "document_series" USING btree ("type_id","organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_series_types_name_unique" ON "document_series_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "domain_events_entity_idx" ON "domain_events" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "domain_events_unprocessed_idx" ON "domain_events" USING btree ("processed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_unique" ON "form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_name_unique" ON "forms" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "public_status_codes_lookup_idx" ON "public_status_codes" USING btree ("application_id","phone");