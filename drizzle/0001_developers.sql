CREATE TABLE "developer_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"city" text,
	"hourly_rate" integer,
	"response_time" text DEFAULT '' NOT NULL,
	"availability" text DEFAULT 'available' NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"portfolio" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"experience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '{"github":"","linkedin":"","website":""}'::jsonb NOT NULL,
	"rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"completed_projects" integer DEFAULT 0 NOT NULL,
	"success_rate" integer DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, buildza_join(skills)), 'A') || setweight(to_tsvector('english'::regconfig, bio), 'B')) STORED,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "developer_profiles_availability_check" CHECK ("developer_profiles"."availability" in ('available', 'busy', 'unavailable')),
	CONSTRAINT "developer_profiles_rating_check" CHECK ("developer_profiles"."rating" >= 0 and "developer_profiles"."rating" <= 5),
	CONSTRAINT "developer_profiles_rate_check" CHECK ("developer_profiles"."hourly_rate" is null or "developer_profiles"."hourly_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_id" text NOT NULL,
	"client_id" text,
	"project_id" uuid,
	"client_name" text DEFAULT '' NOT NULL,
	"project_title" text DEFAULT '' NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "developer_profiles" ADD CONSTRAINT "developer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_developer_id_users_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "developer_profiles_search_idx" ON "developer_profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "developer_profiles_skills_idx" ON "developer_profiles" USING gin ("skills");--> statement-breakpoint
CREATE INDEX "developer_profiles_rating_idx" ON "developer_profiles" USING btree ("rating" DESC NULLS LAST,"user_id" collate "C" desc) WHERE is_active;--> statement-breakpoint
CREATE INDEX "developer_profiles_reviews_idx" ON "developer_profiles" USING btree ("review_count" DESC NULLS LAST,"user_id" collate "C" desc) WHERE is_active;--> statement-breakpoint
CREATE INDEX "developer_profiles_completed_idx" ON "developer_profiles" USING btree ("completed_projects" DESC NULLS LAST,"user_id" collate "C" desc) WHERE is_active;--> statement-breakpoint
CREATE INDEX "developer_profiles_rate_idx" ON "developer_profiles" USING btree (coalesce("hourly_rate", -1) desc,"user_id" collate "C" desc) WHERE is_active;--> statement-breakpoint
CREATE INDEX "developer_profiles_city_idx" ON "developer_profiles" USING btree ("city","rating" DESC NULLS LAST,"user_id" collate "C" desc) WHERE is_active;--> statement-breakpoint
CREATE INDEX "reviews_developer_idx" ON "reviews" USING btree ("developer_id","created_at" DESC NULLS LAST);