CREATE TABLE "complaint_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"text" text NOT NULL,
	"is_internal" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"series_type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"complaint_type_id" integer NOT NULL,
	"reporter_user_id" integer NOT NULL,
	"entry_code" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"uat_id" integer NOT NULL,
	"locality_id" integer,
	"address" text NOT NULL,
	"address_details" text,
	"location" geometry(Point, 3844),
	"description" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text,
	"contact_email" text,
	"solver_user_id" integer,
	"response" text,
	"response_template_id" integer,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"control_id" integer NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_building_bodies" (
	"id" serial PRIMARY KEY NOT NULL,
	"control_id" integer NOT NULL,
	"name" text NOT NULL,
	"height_cornice" numeric(7, 2),
	"height_ridge" numeric(7, 2),
	"levels_below" integer,
	"levels_above" integer,
	"height_regime" text,
	"construction_type" text,
	"foundations" text,
	"roof" text,
	"heating" text,
	"finishes" text,
	"function" text,
	"importance_category" text,
	"built_area" numeric(12, 2),
	"developed_area" numeric(12, 2),
	"useful_area" numeric(12, 2),
	"living_area" numeric(12, 2),
	"apartments_1_room" integer,
	"apartments_2_rooms" integer,
	"apartments_3_rooms" integer,
	"apartments_4_rooms" integer,
	"apartments_5_plus_rooms" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"control_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"kind" text DEFAULT 'upload' NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"control_id" integer NOT NULL,
	"role" text NOT NULL,
	"person_type" text NOT NULL,
	"citizenship" text DEFAULT 'romanian' NOT NULL,
	"first_name" text,
	"last_name" text,
	"company_name" text,
	"unique_registration_code" text,
	"personal_numeric_code" text,
	"passport_number" text,
	"id_card_series" text,
	"id_card_number" text,
	"id_card_issued_by" text,
	"id_card_issued_at" date,
	"address" text,
	"phone" text,
	"email" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"control_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"function" text NOT NULL,
	"control_body" text NOT NULL,
	"id_number" text NOT NULL,
	"id_expiry" date,
	"id_issuer" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"series_type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "controls" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"control_type_id" integer NOT NULL,
	"entry_code" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"control_date" date NOT NULL,
	"uat_id" integer NOT NULL,
	"locality_id" integer,
	"address" text NOT NULL,
	"cadastral_number" text,
	"complaint_id" integer,
	"created_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"closing_report_file_id" integer,
	"report_error" text,
	"generated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaint_comments" ADD CONSTRAINT "complaint_comments_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_comments" ADD CONSTRAINT "complaint_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_files" ADD CONSTRAINT "complaint_files_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_files" ADD CONSTRAINT "complaint_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_files" ADD CONSTRAINT "complaint_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_status_changes" ADD CONSTRAINT "complaint_status_changes_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_status_changes" ADD CONSTRAINT "complaint_status_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_types" ADD CONSTRAINT "complaint_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_types" ADD CONSTRAINT "complaint_types_series_type_id_document_series_types_id_fk" FOREIGN KEY ("series_type_id") REFERENCES "public"."document_series_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_complaint_type_id_complaint_types_id_fk" FOREIGN KEY ("complaint_type_id") REFERENCES "public"."complaint_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_uat_id_territorial_units_id_fk" FOREIGN KEY ("uat_id") REFERENCES "public"."territorial_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_locality_id_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."localities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_solver_user_id_users_id_fk" FOREIGN KEY ("solver_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_response_template_id_response_templates_id_fk" FOREIGN KEY ("response_template_id") REFERENCES "public"."response_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_activities" ADD CONSTRAINT "control_activities_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_activities" ADD CONSTRAINT "control_activities_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_building_bodies" ADD CONSTRAINT "control_building_bodies_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_files" ADD CONSTRAINT "control_files_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_files" ADD CONSTRAINT "control_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_files" ADD CONSTRAINT "control_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_persons" ADD CONSTRAINT "control_persons_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_staff" ADD CONSTRAINT "control_staff_control_id_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_staff" ADD CONSTRAINT "control_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_types" ADD CONSTRAINT "control_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_types" ADD CONSTRAINT "control_types_series_type_id_document_series_types_id_fk" FOREIGN KEY ("series_type_id") REFERENCES "public"."document_series_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controls" ADD CONSTRAINT "controls_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controls" ADD CONSTRAINT "controls_control_type_id_control_types_id_fk" FOREIGN KEY ("control_type_id") REFERENCES "public"."control_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controls" ADD CONSTRAINT "controls_uat_id_territorial_units_id_fk" FOREIGN KEY ("uat_id") REFERENCES "public"."territorial_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controls" ADD CONSTRAINT "controls_locality_id_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."localities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controls" ADD CONSTRAINT "controls_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controls" ADD CONSTRAINT "controls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controls" ADD CONSTRAINT "controls_closing_report_file_id_files_id_fk" FOREIGN KEY ("closing_report_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_comments_complaint_idx" ON "complaint_comments" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE INDEX "complaint_files_complaint_idx" ON "complaint_files" USING btree ("complaint_id","id");--> statement-breakpoint
CREATE INDEX "complaint_files_file_idx" ON "complaint_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "complaint_status_changes_complaint_idx" ON "complaint_status_changes" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_types_org_name_unique" ON "complaint_types" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "complaint_types_series_type_idx" ON "complaint_types" USING btree ("series_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_org_entry_code_unique" ON "complaints" USING btree ("organisation_id","entry_code");--> statement-breakpoint
CREATE INDEX "complaints_org_created_idx" ON "complaints" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "complaints_org_status_created_idx" ON "complaints" USING btree ("organisation_id","status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "complaints_org_solver_created_idx" ON "complaints" USING btree ("organisation_id","solver_user_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "complaints_reporter_created_idx" ON "complaints" USING btree ("reporter_user_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "complaints_type_idx" ON "complaints" USING btree ("complaint_type_id");--> statement-breakpoint
CREATE INDEX "complaints_uat_idx" ON "complaints" USING btree ("uat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "response_templates_title_unique" ON "response_templates" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "response_templates_category_idx" ON "response_templates" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "control_activities_control_idx" ON "control_activities" USING btree ("control_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "control_building_bodies_control_idx" ON "control_building_bodies" USING btree ("control_id","position","id");--> statement-breakpoint
CREATE INDEX "control_files_control_idx" ON "control_files" USING btree ("control_id","id");--> statement-breakpoint
CREATE INDEX "control_files_file_idx" ON "control_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "control_persons_control_idx" ON "control_persons" USING btree ("control_id","role","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "control_persons_cnp_unique" ON "control_persons" USING btree ("control_id","personal_numeric_code") WHERE "control_persons"."personal_numeric_code" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "control_persons_passport_unique" ON "control_persons" USING btree ("control_id","passport_number") WHERE "control_persons"."passport_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "control_staff_control_idx" ON "control_staff" USING btree ("control_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "control_types_org_name_unique" ON "control_types" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "control_types_series_type_idx" ON "control_types" USING btree ("series_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "controls_org_entry_code_unique" ON "controls" USING btree ("organisation_id","entry_code") WHERE "controls"."entry_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "controls_org_date_idx" ON "controls" USING btree ("organisation_id","control_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "controls_org_status_date_idx" ON "controls" USING btree ("organisation_id","status","control_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "controls_org_type_date_idx" ON "controls" USING btree ("organisation_id","control_type_id","control_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "controls_complaint_idx" ON "controls" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "controls_created_by_idx" ON "controls" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "controls_uat_idx" ON "controls" USING btree ("uat_id");