-- Search ignores accents (docs/product.md, Lists and search; docs/decisions/0054-accent-blind-search.md):
-- "zoe" finds "Zoë", "anel" finds "Anél", "cafe" finds "café", and the other way round. Two text
-- search configurations copy english and simple and remove accents (the unaccent dictionary, a
-- filter) before stemming, for every kind of word that can hold a letter outside ASCII; searches
-- use the same two (server/projects/service.ts, server/developers/service.ts).
-- The generated columns are replaced in one ALTER TABLE each: their indexes go with the old column
-- and are rebuilt, and the projects' vector keeps STORAGE MAIN (decision 0045), set before the table
-- is rewritten so every existing row gets the in-row layout. ANALYZE: a new column has no statistics,
-- and a text search's total is estimated from them (decision 0043).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION english_unaccent (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION english_unaccent ALTER MAPPING FOR word, hword, hword_part WITH unaccent, english_stem;--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION english_unaccent ALTER MAPPING FOR numword, numhword, hword_numpart WITH unaccent, simple;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION simple_unaccent (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION simple_unaccent ALTER MAPPING FOR word, hword, hword_part, numword, numhword, hword_numpart WITH unaccent, simple;--> statement-breakpoint
ALTER TABLE "developer_profiles"
  DROP COLUMN "search_vector",
  ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple_unaccent'::regconfig, name), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, name), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, buildza_join(skills)), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, bio), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "developer_profiles_search_idx" ON "developer_profiles" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "projects"
  DROP COLUMN "search_vector",
  ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, buildza_join(skills)), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, description), 'B') || setweight(to_tsvector('english_unaccent'::regconfig, buildza_join(features)), 'C')) STORED,
  ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "projects_active_search_idx" ON "projects" USING gin ("search_vector") WHERE status = 'active' and hidden_at is null;--> statement-breakpoint
ANALYZE "developer_profiles";--> statement-breakpoint
ANALYZE "projects";
