CREATE TABLE "file_deletions" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_original" boolean NOT NULL,
	"target_type" text,
	"target_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_target_type_check" CHECK ("files"."target_type" is null or "files"."target_type" in ('project', 'proposal', 'message', 'avatar', 'portfolio', 'delivery')),
	CONSTRAINT "files_target_pair_check" CHECK (("files"."target_type" is null) = ("files"."target_id" is null)),
	CONSTRAINT "files_size_check" CHECK ("files"."size" >= 0),
	CONSTRAINT "files_name_length_check" CHECK (char_length("files"."name") between 1 and 200),
	CONSTRAINT "files_sha256_check" CHECK ("files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "files_target_idx" ON "files" USING btree ("target_type","target_id","position");--> statement-breakpoint
CREATE INDEX "files_orphan_idx" ON "files" USING btree ("created_at") WHERE target_type is null;