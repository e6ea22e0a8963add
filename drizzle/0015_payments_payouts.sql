CREATE TABLE "bank_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"recipient_code" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_number_check" CHECK ("bank_accounts"."account_number" ~ '^[0-9]{6,16}$')
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"destination" text NOT NULL,
	"failure_reason" text DEFAULT '' NOT NULL,
	"settled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'paid', 'failed', 'reversed')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" >= 10000)
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"number" integer PRIMARY KEY NOT NULL,
	"journal_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"description" text NOT NULL,
	"fee_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoices_amounts_check" CHECK ("tax_invoices"."fee_cents" > 0 and "tax_invoices"."vat_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "test_provider_charges" DROP CONSTRAINT "test_provider_charges_outcome_check";--> statement-breakpoint
DROP INDEX "contracts_client_idx";--> statement-breakpoint
DROP INDEX "contracts_developer_idx";--> statement-breakpoint
DROP INDEX "payments_milestone_idx";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_idx" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_journal_idx" ON "tax_invoices" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "tax_invoices_user_idx" ON "tax_invoices" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "contracts_client_idx" ON "contracts" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_developer_idx" ON "contracts" USING btree ("developer_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_milestone_idx" ON "payments" USING btree ("milestone_id","created_at");--> statement-breakpoint
ALTER TABLE "test_provider_charges" ADD CONSTRAINT "test_provider_charges_outcome_check" CHECK ("test_provider_charges"."outcome" in ('open', 'success', 'failed', 'reversed'));