ALTER TABLE "milestones" ADD COLUMN "release_reminder_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "ledger_journals_contract_idx" ON "ledger_journals" USING btree ("contract_id","kind");--> statement-breakpoint
CREATE INDEX "payments_payer_created_idx" ON "payments" USING btree ("payer_id","created_at","id");