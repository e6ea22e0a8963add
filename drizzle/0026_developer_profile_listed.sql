-- A developer profile is active only while its account may be listed (docs/product.md, Trust and
-- safety): a suspension marks the profile inactive and lifting it marks it active again, in the
-- same transaction (server/moderation/service.ts). The directory's capped total then counts
-- profiles alone, through the partial sort indexes, without looking up each account
-- (docs/decisions/0048-developer-totals-count-profiles.md). Profiles of accounts already
-- suspended or closed are marked now.
UPDATE "developer_profiles" p SET "is_active" = false
FROM "users" u
WHERE u."id" = p."user_id" AND p."is_active" AND (NOT u."is_active" OR u."suspended_at" IS NOT NULL OR u."user_type" <> 'developer');
