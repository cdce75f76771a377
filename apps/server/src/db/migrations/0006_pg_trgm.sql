-- Trigram matching for the lists' free-text search (`LIKE '%x%'` over stored folded text).
-- Hand-written: drizzle-kit does not manage extensions. PGlite ships pg_trgm as a contrib
-- extension (loaded in platform/db.ts), so both engines run this same migration.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
