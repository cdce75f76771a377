DROP INDEX "localities_uat_idx";--> statement-breakpoint
DROP INDEX "territorial_units_county_idx";--> statement-breakpoint
CREATE INDEX "localities_uat_name_idx" ON "localities" USING btree ("uat_id",ro_sort_key("name") COLLATE "C");--> statement-breakpoint
CREATE INDEX "territorial_units_county_name_idx" ON "territorial_units" USING btree ("county_id",ro_sort_key("name") COLLATE "C");