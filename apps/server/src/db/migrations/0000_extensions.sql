-- Extensions and the Romanian accent-insensitive text search configuration (DESIGN.md §3).
-- Hand-written: drizzle-kit does not manage extensions.
CREATE EXTENSION IF NOT EXISTS postgis;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- An IMMUTABLE wrapper so that unaccent can be used in indexes and generated columns.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION ro_unaccent (COPY = romanian);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION ro_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, romanian_stem;
