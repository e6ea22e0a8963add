-- A known skill saved in another case ("flutter") is spelt as the suggestion ("Flutter"), as the
-- forms and the API now save it (shared/constants.ts canonicalSkill; docs/product.md, Constants):
-- the skills filters match exactly. Only rows holding such a spelling are written; a skill held
-- twice once folded is kept once, at its first place.
WITH "respelt" AS (
  SELECT r.id, array_agg(r.skill ORDER BY r.ord) AS skills
  FROM (
    SELECT DISTINCT ON (t.id, lower(coalesce(k.name, s.skill))) t.id, coalesce(k.name, s.skill) AS skill, s.ord
    FROM "projects" AS t
    CROSS JOIN LATERAL unnest(t.skills) WITH ORDINALITY AS s(skill, ord)
    LEFT JOIN (VALUES ('React Native'), ('Flutter'), ('iOS'), ('Android'), ('React'), ('Vue.js'), ('Angular'), ('Node.js'), ('Laravel'), ('Python'), ('Firebase'), ('MongoDB'), ('UI/UX Design'), ('API Integration'), ('Payment Systems'), ('Push Notifications'), ('DevOps'), ('Machine Learning'), ('Blockchain')) AS k(name) ON lower(k.name) = lower(s.skill)
    WHERE EXISTS (
      SELECT 1 FROM unnest(t.skills) AS x(skill)
      WHERE lower(x.skill) = ANY ('{"react native","flutter","ios","android","react","vue.js","angular","node.js","laravel","python","firebase","mongodb","ui/ux design","api integration","payment systems","push notifications","devops","machine learning","blockchain"}'::text[]) AND x.skill <> ALL ('{"React Native","Flutter","iOS","Android","React","Vue.js","Angular","Node.js","Laravel","Python","Firebase","MongoDB","UI/UX Design","API Integration","Payment Systems","Push Notifications","DevOps","Machine Learning","Blockchain"}'::text[])
    )
    ORDER BY t.id, lower(coalesce(k.name, s.skill)), s.ord
  ) AS r
  GROUP BY r.id
)
UPDATE "projects" AS u SET "skills" = "respelt".skills FROM "respelt" WHERE u.id = "respelt".id;
--> statement-breakpoint
WITH "respelt" AS (
  SELECT r.user_id, array_agg(r.skill ORDER BY r.ord) AS skills
  FROM (
    SELECT DISTINCT ON (t.user_id, lower(coalesce(k.name, s.skill))) t.user_id, coalesce(k.name, s.skill) AS skill, s.ord
    FROM "developer_profiles" AS t
    CROSS JOIN LATERAL unnest(t.skills) WITH ORDINALITY AS s(skill, ord)
    LEFT JOIN (VALUES ('React Native'), ('Flutter'), ('iOS'), ('Android'), ('React'), ('Vue.js'), ('Angular'), ('Node.js'), ('Laravel'), ('Python'), ('Firebase'), ('MongoDB'), ('UI/UX Design'), ('API Integration'), ('Payment Systems'), ('Push Notifications'), ('DevOps'), ('Machine Learning'), ('Blockchain')) AS k(name) ON lower(k.name) = lower(s.skill)
    WHERE EXISTS (
      SELECT 1 FROM unnest(t.skills) AS x(skill)
      WHERE lower(x.skill) = ANY ('{"react native","flutter","ios","android","react","vue.js","angular","node.js","laravel","python","firebase","mongodb","ui/ux design","api integration","payment systems","push notifications","devops","machine learning","blockchain"}'::text[]) AND x.skill <> ALL ('{"React Native","Flutter","iOS","Android","React","Vue.js","Angular","Node.js","Laravel","Python","Firebase","MongoDB","UI/UX Design","API Integration","Payment Systems","Push Notifications","DevOps","Machine Learning","Blockchain"}'::text[])
    )
    ORDER BY t.user_id, lower(coalesce(k.name, s.skill)), s.ord
  ) AS r
  GROUP BY r.user_id
)
UPDATE "developer_profiles" AS u SET "skills" = "respelt".skills FROM "respelt" WHERE u.user_id = "respelt".user_id;
