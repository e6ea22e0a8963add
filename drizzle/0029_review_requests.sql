ALTER TABLE "email_preferences" ADD COLUMN "review_requests" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "review_reminded_at" timestamp (3) with time zone;--> statement-breakpoint
-- Projects whose review window (30 days) closed before reminders existed are not reminded: they leave the index at once.
UPDATE "projects" SET "review_reminded_at" = "completed_at" WHERE "status" = 'completed' AND "completed_at" < now() - interval '30 days';--> statement-breakpoint
CREATE INDEX "projects_review_reminder_idx" ON "projects" USING btree ("completed_at") WHERE status = 'completed' and review_reminded_at is null;