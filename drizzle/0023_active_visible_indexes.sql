DROP INDEX "projects_active_search_idx";--> statement-breakpoint
DROP INDEX "projects_active_skills_idx";--> statement-breakpoint
DROP INDEX "projects_active_newest_idx";--> statement-breakpoint
DROP INDEX "projects_active_budget_range_idx";--> statement-breakpoint
DROP INDEX "projects_active_budget_idx";--> statement-breakpoint
DROP INDEX "projects_active_proposals_idx";--> statement-breakpoint
DROP INDEX "projects_active_category_idx";--> statement-breakpoint
DROP INDEX "projects_active_platform_idx";--> statement-breakpoint
CREATE INDEX "projects_active_search_idx" ON "projects" USING gin ("search_vector") WHERE status = 'active' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "projects_active_skills_idx" ON "projects" USING gin ("skills") WHERE status = 'active' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "projects_active_newest_idx" ON "projects" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"skills") WHERE status = 'active' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "projects_active_budget_range_idx" ON "projects" USING btree ("budget_min","budget_max") WHERE status = 'active' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "projects_active_budget_idx" ON "projects" USING btree ("budget_min" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'active' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "projects_active_proposals_idx" ON "projects" USING btree ("proposal_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'active' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "projects_active_category_idx" ON "projects" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"platform") WHERE status = 'active' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "projects_active_platform_idx" ON "projects" USING btree ("platform","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category") WHERE status = 'active' and hidden_at is null;