ALTER TABLE "milestones" ADD COLUMN "disputed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "disputed_by" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_disputed_by_users_id_fk" FOREIGN KEY ("disputed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Disputes opened before this migration: the last change of a disputed milestone was its dispute.
UPDATE "milestones" SET "disputed_at" = "updated_at" WHERE "status" = 'disputed';--> statement-breakpoint
CREATE INDEX "milestones_disputed_idx" ON "milestones" USING btree ("disputed_at") WHERE status = 'disputed';--> statement-breakpoint
CREATE INDEX "provider_refunds_failed_idx" ON "provider_refunds" USING btree ("created_at") WHERE status = 'failed';--> statement-breakpoint
CREATE INDEX "users_moderators_idx" ON "users" USING btree ("id") WHERE role = 'moderator';