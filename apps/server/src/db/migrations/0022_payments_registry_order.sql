DROP INDEX "payments_created_idx";--> statement-breakpoint
DROP INDEX "payments_organisation_created_idx";--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_organisation_created_idx" ON "payments" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);