-- 0013_circle (issue 27): the community circle: spaces, threads, posts, "this helped me" marks, reports and each
-- member's standing (rules accepted, warnings, suspension, replies seen); counters on the rows for the lists
CREATE TABLE "circle_helpful" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_helpful_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "circle_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"rules_accepted_at" timestamp with time zone,
	"email_replies" boolean DEFAULT false NOT NULL,
	"replies_seen_at" timestamp with time zone,
	"approved_posts" integer DEFAULT 0 NOT NULL,
	"removed_posts" integer DEFAULT 0 NOT NULL,
	"warnings" integer DEFAULT 0 NOT NULL,
	"warning_message" text,
	"warned_at" timestamp with time zone,
	"suspended_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "circle_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"opening" boolean NOT NULL,
	"author_id" uuid,
	"staff_id" uuid,
	"anonymous" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"queue_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"crisis" boolean DEFAULT false NOT NULL,
	"helpful" integer DEFAULT 0 NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"removed_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "circle_posts_status_check" CHECK ("circle_posts"."status" in ('published', 'pending', 'hidden', 'removed')),
	CONSTRAINT "circle_posts_author_check" CHECK (("circle_posts"."author_id" is null) <> ("circle_posts"."staff_id" is null))
);
--> statement-breakpoint
CREATE TABLE "circle_reports" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "circle_reports_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "circle_spaces" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text NOT NULL,
	"description_en" text NOT NULL,
	"description_ar" text NOT NULL,
	"thread_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "circle_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" text NOT NULL,
	"title" text NOT NULL,
	"author_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"helpful" integer DEFAULT 0 NOT NULL,
	"expert_answered" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_threads_status_check" CHECK ("circle_threads"."status" in ('published', 'pending', 'hidden', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "circle_helpful" ADD CONSTRAINT "circle_helpful_post_id_circle_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."circle_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_helpful" ADD CONSTRAINT "circle_helpful_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD CONSTRAINT "circle_posts_thread_id_circle_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."circle_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD CONSTRAINT "circle_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD CONSTRAINT "circle_posts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_reports" ADD CONSTRAINT "circle_reports_post_id_circle_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."circle_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_reports" ADD CONSTRAINT "circle_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_threads" ADD CONSTRAINT "circle_threads_space_id_circle_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."circle_spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_threads" ADD CONSTRAINT "circle_threads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_posts_thread_idx" ON "circle_posts" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "circle_posts_author_idx" ON "circle_posts" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "circle_posts_queue_idx" ON "circle_posts" USING btree ("crisis" DESC NULLS LAST,"created_at","id") WHERE "circle_posts"."status" in ('pending', 'hidden');--> statement-breakpoint
CREATE INDEX "circle_threads_space_newest_idx" ON "circle_threads" USING btree ("space_id","status","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "circle_threads_space_helpful_idx" ON "circle_threads" USING btree ("space_id","status","helpful" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "circle_threads_newest_idx" ON "circle_threads" USING btree ("status","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "circle_threads_author_idx" ON "circle_threads" USING btree ("author_id");