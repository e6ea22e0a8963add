-- A known skill saved in another case ("flutter") is spelt as the suggestion ("Flutter"), as the
-- forms and the API now save it (shared/constants.ts canonicalSkill; docs/product.md, Constants):
-- the skills filters match exactly. Only rows holding such a spelling are written; a skill held
-- twice once folded is kept once, at its first place.
UPDATE "projects" AS t SET "skills" = c.skills
FROM (
  SELECT r.id, array_agg(r.skill ORDER BY r.ord) AS skills
  FROM (
    SELECT DISTINCT ON (t2.id, lower(coalesce(k.name, s.skill))) t2.id, coalesce(k.name, s.skill) AS skill, s.ord
    FROM "projects" AS t2
    CROSS JOIN LATERAL unnest(t2.skills) WITH ORDINALITY AS s(skill, ord)
    LEFT JOIN (VALUES ('React Native'), ('Flutter'), ('iOS'), ('Android'), ('React'), ('Vue.js'), ('Angular'), ('Node.js'), ('Laravel'), ('Python'), ('Firebase'), ('MongoDB'), ('UI/UX Design'), ('API Integration'), ('Payment Systems'), ('Push Notifications'), ('DevOps'), ('Machine Learning'), ('Blockchain')) AS k(name) ON lower(k.name) = lower(s.skill)
    WHERE EXISTS (
      SELECT 1 FROM unnest(t2.skills) AS x(skill)
      JOIN (VALUES ('React Native'), ('Flutter'), ('iOS'), ('Android'), ('React'), ('Vue.js'), ('Angular'), ('Node.js'), ('Laravel'), ('Python'), ('Firebase'), ('MongoDB'), ('UI/UX Design'), ('API Integration'), ('Payment Systems'), ('Push Notifications'), ('DevOps'), ('Machine Learning'), ('Blockchain')) AS k2(name) ON lower(k2.name) = lower(x.skill) AND k2.name <> x.skill
    )
    ORDER BY t2.id, lower(coalesce(k.name, s.skill)), s.ord
  ) AS r
  GROUP BY r.id
) AS c
WHERE t.id = c.id;
--> statement-breakpoint
UPDATE "developer_profiles" AS t SET "skills" = c.skills
FROM (
  SELECT r.user_id, array_agg(r.skill ORDER BY r.ord) AS skills
  FROM (
    SELECT DISTINCT ON (t2.user_id, lower(coalesce(k.name, s.skill))) t2.user_id, coalesce(k.name, s.skill) AS skill, s.ord
    FROM "developer_profiles" AS t2
    CROSS JOIN LATERAL unnest(t2.skills) WITH ORDINALITY AS s(skill, ord)
    LEFT JOIN (VALUES ('React Native'), ('Flutter'), ('iOS'), ('Android'), ('React'), ('Vue.js'), ('Angular'), ('Node.js'), ('Laravel'), ('Python'), ('Firebase'), ('MongoDB'), ('UI/UX Design'), ('API Integration'), ('Payment Systems'), ('Push Notifications'), ('DevOps'), ('Machine Learning'), ('Blockchain')) AS k(name) ON lower(k.name) = lower(s.skill)
    WHERE EXISTS (
      SELECT 1 FROM unnest(t2.skills) AS x(skill)
      JOIN (VALUES ('React Native'), ('Flutter'), ('iOS'), ('Android'), ('React'), ('Vue.js'), ('Angular'), ('Node.js'), ('Laravel'), ('Python'), ('Firebase'), ('MongoDB'), ('UI/UX Design'), ('API Integration'), ('Payment Systems'), ('Push Notifications'), ('DevOps'), ('Machine Learning'), ('Blockchain')) AS k2(name) ON lower(k2.name) = lower(x.skill) AND k2.name <> x.skill
    )
    ORDER BY t2.user_id, lower(coalesce(k.name, s.skill)), s.ord
  ) AS r
  GROUP BY r.user_id
) AS c
WHERE t.user_id = c.user_id;
