CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_user_id");--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("user_type");--> statement-breakpoint
CREATE INDEX "enrollments_status_created_idx" ON "enrollments" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "enrollments_created_idx" ON "enrollments" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "function_responsibilities_responsibility_idx" ON "function_responsibilities" USING btree ("responsibility_id");--> statement-breakpoint
CREATE INDEX "user_departments_department_idx" ON "user_departments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "user_functions_function_idx" ON "user_functions" USING btree ("function_id");--> statement-breakpoint
CREATE INDEX "application_beneficiaries_application_idx" ON "application_beneficiaries" USING btree ("application_id","position","id");--> statement-breakpoint
CREATE INDEX "application_files_file_idx" ON "application_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "applications_applicant_created_idx" ON "applications" USING btree ("applicant_user_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "applications_assignee_idx" ON "applications" USING btree ("assignee_user_id");--> statement-breakpoint
CREATE INDEX "applications_uat_idx" ON "applications" USING btree ("uat_id");--> statement-breakpoint
CREATE INDEX "applications_created_by_idx" ON "applications" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "applications_type_idx" ON "applications" USING btree ("application_type_id");--> statement-breakpoint
CREATE INDEX "applications_quick_search_trgm_idx" ON "applications" USING gin ("quick_search" gin_trgm_ops);