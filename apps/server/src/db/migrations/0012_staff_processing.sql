CREATE TABLE "application_consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"consultant_user_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "applications_assignee_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reviewer_user_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "response_due_date" date;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "clock_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "paused_working_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "review_status" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "form_staff" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "staff_form_version_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reject_form" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "current_function_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "current_step_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_consultations" ADD CONSTRAINT "application_consultations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_consultations" ADD CONSTRAINT "application_consultations_consultant_user_id_users_id_fk" FOREIGN KEY ("consultant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_consultations" ADD CONSTRAINT "application_consultations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_consultations_application_idx" ON "application_consultations" USING btree ("application_id","requested_at");--> statement-breakpoint
CREATE INDEX "application_consultations_consultant_idx" ON "application_consultations" USING btree ("consultant_user_id","answered_at","application_id");--> statement-breakpoint
CREATE INDEX "application_consultations_requested_by_idx" ON "application_consultations" USING btree ("requested_by");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_staff_form_version_id_form_versions_id_fk" FOREIGN KEY ("staff_form_version_id") REFERENCES "public"."form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_current_function_id_staff_functions_id_fk" FOREIGN KEY ("current_function_id") REFERENCES "public"."staff_functions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_staff_org_date_idx" ON "applications" USING btree ("organisation_id","application_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "applications_staff_org_status_date_idx" ON "applications" USING btree ("organisation_id","status","application_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "applications_staff_org_due_idx" ON "applications" USING btree ("organisation_id","response_due_date","id");--> statement-breakpoint
CREATE INDEX "applications_reviewer_idx" ON "applications" USING btree ("reviewer_user_id");--> statement-breakpoint
CREATE INDEX "applications_current_function_idx" ON "applications" USING btree ("current_function_id");--> statement-breakpoint
CREATE INDEX "applications_identification_trgm_idx" ON "applications" USING gin (lower(public.f_unaccent("identification_number")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_assignee_idx" ON "applications" USING btree ("assignee_user_id","status");