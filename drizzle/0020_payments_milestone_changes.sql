CREATE TABLE "milestone_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"milestone_id" uuid,
	"proposed_by" text NOT NULL,
	"title" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_date" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_changes_status_check" CHECK ("milestone_changes"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "milestone_changes_amount_check" CHECK ("milestone_changes"."amount_cents" > 0),
	CONSTRAINT "milestone_changes_due_date_check" CHECK ("milestone_changes"."due_date" is null or "milestone_changes"."due_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "milestone_changes" ADD CONSTRAINT "milestone_changes_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_changes" ADD CONSTRAINT "milestone_changes_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_changes" ADD CONSTRAINT "milestone_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_changes" ADD CONSTRAINT "milestone_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestone_changes_contract_idx" ON "milestone_changes" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE INDEX "milestone_changes_milestone_idx" ON "milestone_changes" USING btree ("milestone_id");