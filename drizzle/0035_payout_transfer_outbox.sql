ALTER TABLE "payouts" ADD COLUMN "bank_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "holder_name" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_next_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_error" text;--> statement-breakpoint
CREATE INDEX "payouts_transfer_due_idx" ON "payouts" USING btree ("transfer_next_at") WHERE "payouts"."transfer_next_at" is not null;--> statement-breakpoint
CREATE INDEX "payouts_unsettled_idx" ON "payouts" USING btree ("transfer_sent_at") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
-- Payouts before this migration called the provider inside the request: each was started (or failed) then.
UPDATE "payouts" SET "transfer_sent_at" = "created_at";
