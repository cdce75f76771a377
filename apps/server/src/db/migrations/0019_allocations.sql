CREATE TABLE "series_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"allocation_date" date NOT NULL,
	"series" text NOT NULL,
	"source" text NOT NULL,
	"series_type_id" integer NOT NULL,
	"document_series_id" integer,
	"file_id" integer,
	"issue_date" date,
	"location" text,
	"uat_id" integer,
	"tax_lei" numeric(14, 2),
	"validity_months" integer,
	"execution_duration_months" integer,
	"start_date" date,
	"extension_date" date,
	"investment_value" numeric(16, 2),
	"location_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "series_allocations" ADD CONSTRAINT "series_allocations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_allocations" ADD CONSTRAINT "series_allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_allocations" ADD CONSTRAINT "series_allocations_series_type_id_document_series_types_id_fk" FOREIGN KEY ("series_type_id") REFERENCES "public"."document_series_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_allocations" ADD CONSTRAINT "series_allocations_document_series_id_document_series_id_fk" FOREIGN KEY ("document_series_id") REFERENCES "public"."document_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_allocations" ADD CONSTRAINT "series_allocations_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_allocations" ADD CONSTRAINT "series_allocations_uat_id_territorial_units_id_fk" FOREIGN KEY ("uat_id") REFERENCES "public"."territorial_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "series_allocations_series_unique" ON "series_allocations" USING btree ("organisation_id",lower("series"));--> statement-breakpoint
CREATE INDEX "series_allocations_org_creator_idx" ON "series_allocations" USING btree ("organisation_id","created_by","allocation_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "series_allocations_org_date_idx" ON "series_allocations" USING btree ("organisation_id","allocation_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "series_allocations_series_trgm_idx" ON "series_allocations" USING gin (lower(public.f_unaccent("series")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "series_allocations_type_idx" ON "series_allocations" USING btree ("series_type_id");--> statement-breakpoint
CREATE INDEX "series_allocations_file_idx" ON "series_allocations" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "applications_output_series_trgm_idx" ON "applications" USING gin (lower(public.f_unaccent("allocated_document_series")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_output_series_idx" ON "applications" USING btree (lower(public.f_unaccent("allocated_document_series")));--> statement-breakpoint
CREATE INDEX "application_documents_output_trgm_idx" ON "application_documents" USING gin (lower(public.f_unaccent("output_number")) gin_trgm_ops);