-- Romanian alphabetical order on both engines (issue 10, item 10). PostgreSQL's "ro-x-icu"
-- collation exists only on servers built with ICU, and PGlite has no Romanian collation, so the
-- order comes from a sort key that the bytewise order sorts right: the Romanian letters become
-- their base letter followed by a character after "z" (ă "a{", â "a|", î "i{", ș "s{", ț "t{"),
-- so that a < ă < â < b and s < ș < t; other accents are folded and case is ignored.
-- Sorts must say COLLATE "C" (ro_sort_key in platform/list-query.ts does): under a linguistic
-- collation "{" and "|" would be ignored. Names inside are schema-qualified: PostgreSQL 17 (PGlite)
-- builds indexes with a search_path of pg_catalog only. Hand-written: drizzle-kit does not manage functions.
CREATE OR REPLACE FUNCTION ro_sort_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT lower(public.f_unaccent(
      replace(replace(replace(replace(replace(
        translate($1, 'ĂÂÎȘŞȚŢşţ', 'ăâîșșțțșț'),
        'ă', 'a{'), 'â', 'a|'), 'î', 'i{'), 'ș', 's{'), 'ț', 't{')
    ))
  $$;
