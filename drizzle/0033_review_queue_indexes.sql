DROP INDEX "projects_user_status_idx";--> statement-breakpoint
DROP INDEX "projects_hired_idx";--> statement-breakpoint
CREATE INDEX "projects_user_status_idx" ON "projects" USING btree ("user_id","status","completed_at");--> statement-breakpoint
CREATE INDEX "projects_hired_idx" ON "projects" USING btree ("hired_developer_id","status","completed_at");