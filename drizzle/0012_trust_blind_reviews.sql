ALTER TABLE "client_reviews" ADD COLUMN "hidden_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_until" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "client_reviews_hidden_idx" ON "client_reviews" USING btree ("hidden_until") WHERE hidden_until is not null;--> statement-breakpoint
CREATE INDEX "reviews_hidden_idx" ON "reviews" USING btree ("hidden_until") WHERE hidden_until is not null;