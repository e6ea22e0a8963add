DROP INDEX "projects_search_idx";--> statement-breakpoint
DROP INDEX "projects_skills_idx";--> statement-breakpoint
CREATE INDEX "projects_active_search_idx" ON "projects" USING gin ("search_vector") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "projects_active_skills_idx" ON "projects" USING gin ("skills") WHERE status = 'active';