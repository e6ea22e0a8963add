-- A developer's name is searched as written and as the English stemmer reads it (docs/product.md,
-- Lists and search): searches are stemmed, so "Kelly" is looked up as 'kelli' and missed a name
-- kept only as written ('kelly'). Replacing the generated column drops its index; it is rebuilt.
ALTER TABLE "developer_profiles" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "developer_profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, buildza_join(skills)), 'A') || setweight(to_tsvector('english'::regconfig, bio), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "developer_profiles_search_idx" ON "developer_profiles" USING gin ("search_vector");
