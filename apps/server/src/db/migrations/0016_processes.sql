CREATE TABLE "process_step_gis_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"step_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"organisation_id" integer,
	"layer" text NOT NULL,
	"sublayer" text,
	"gis_attribute" text NOT NULL,
	"metadata_name" text NOT NULL,
	"intersection_type" text NOT NULL,
	"completion_method" text NOT NULL,
	"manual_value" text
);
--> statement-breakpoint
CREATE TABLE "process_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"process_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"is_start" boolean DEFAULT false NOT NULL,
	"action_type" text DEFAULT 'staff_action' NOT NULL,
	"action_name" text,
	"next_step_key" text,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"return_step_key" text,
	"file_type" text,
	"file_status" text,
	"extra_document_template_id" integer,
	"generated_file_public" boolean DEFAULT false NOT NULL,
	"function_id" integer,
	"sign_by_assigned_user" boolean DEFAULT false NOT NULL,
	"application_status" text,
	"sign_with_visa" boolean DEFAULT false NOT NULL,
	"visa_series_type_id" integer
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"organisation_id" integer,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_process_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"action" text,
	"from_step_id" integer,
	"to_step_id" integer,
	"from_step_name" text,
	"to_step_name" text,
	"actor_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_process_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"process_id" integer NOT NULL,
	"current_step_id" integer,
	"state" text DEFAULT 'running' NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_step_gis_mappings" ADD CONSTRAINT "process_step_gis_mappings_step_id_process_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."process_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_step_gis_mappings" ADD CONSTRAINT "process_step_gis_mappings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_steps" ADD CONSTRAINT "process_steps_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_steps" ADD CONSTRAINT "process_steps_function_id_staff_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."staff_functions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_process_history" ADD CONSTRAINT "application_process_history_run_id_application_process_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."application_process_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_process_history" ADD CONSTRAINT "application_process_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_process_history" ADD CONSTRAINT "application_process_history_from_step_id_process_steps_id_fk" FOREIGN KEY ("from_step_id") REFERENCES "public"."process_steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_process_history" ADD CONSTRAINT "application_process_history_to_step_id_process_steps_id_fk" FOREIGN KEY ("to_step_id") REFERENCES "public"."process_steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_process_history" ADD CONSTRAINT "application_process_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_process_runs" ADD CONSTRAINT "application_process_runs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_process_runs" ADD CONSTRAINT "application_process_runs_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_process_runs" ADD CONSTRAINT "application_process_runs_current_step_id_process_steps_id_fk" FOREIGN KEY ("current_step_id") REFERENCES "public"."process_steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_process_runs" ADD CONSTRAINT "application_process_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_step_gis_mappings_step_idx" ON "process_step_gis_mappings" USING btree ("step_id","position");--> statement-breakpoint
CREATE INDEX "process_step_gis_mappings_organisation_idx" ON "process_step_gis_mappings" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_steps_position_unique" ON "process_steps" USING btree ("process_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "process_steps_key_unique" ON "process_steps" USING btree ("process_id","key");--> statement-breakpoint
CREATE INDEX "process_steps_function_idx" ON "process_steps" USING btree ("function_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processes_name_unique" ON "processes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "processes_name_order_idx" ON "processes" USING btree (ro_sort_key("name") COLLATE "C");--> statement-breakpoint
CREATE INDEX "processes_updated_idx" ON "processes" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "processes_status_idx" ON "processes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "processes_organisation_idx" ON "processes" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "application_process_history_application_idx" ON "application_process_history" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "application_process_history_run_idx" ON "application_process_history" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "application_process_history_from_idx" ON "application_process_history" USING btree ("from_step_id");--> statement-breakpoint
CREATE INDEX "application_process_history_to_idx" ON "application_process_history" USING btree ("to_step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_process_runs_application_unique" ON "application_process_runs" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_process_runs_process_idx" ON "application_process_runs" USING btree ("process_id","state");--> statement-breakpoint
CREATE INDEX "application_process_runs_step_idx" ON "application_process_runs" USING btree ("current_step_id");--> statement-breakpoint
ALTER TABLE "application_types" ADD CONSTRAINT "application_types_workflow_id_processes_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_types_workflow_idx" ON "application_types" USING btree ("workflow_id");