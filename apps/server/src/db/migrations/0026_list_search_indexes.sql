CREATE INDEX "complaints_entry_code_trgm_idx" ON "complaints" USING gin (lower(public.f_unaccent("entry_code")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "complaints_address_trgm_idx" ON "complaints" USING gin (lower(public.f_unaccent("address")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "complaints_description_trgm_idx" ON "complaints" USING gin (lower(public.f_unaccent("description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "controls_entry_code_trgm_idx" ON "controls" USING gin (lower(public.f_unaccent("entry_code")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "controls_address_trgm_idx" ON "controls" USING gin (lower(public.f_unaccent("address")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "controls_cadastral_trgm_idx" ON "controls" USING gin (lower(public.f_unaccent("cadastral_number")) gin_trgm_ops);