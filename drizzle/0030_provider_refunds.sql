CREATE TABLE "provider_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"event_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_refunds_status_check" CHECK ("provider_refunds"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "provider_refunds_amount_check" CHECK ("provider_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_refunds_event_key_idx" ON "provider_refunds" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "provider_refunds_payment_idx" ON "provider_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "provider_refunds_due_idx" ON "provider_refunds" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'refunded'));