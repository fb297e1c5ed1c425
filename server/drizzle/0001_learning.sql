CREATE TABLE "content_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	CONSTRAINT "content_state_single_row" CHECK ("content_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"published" boolean NOT NULL,
	"price" integer NOT NULL,
	"sale_price" integer,
	"level" text NOT NULL,
	"expert_id" text NOT NULL,
	"texts" jsonb NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "courses_price_check" CHECK ("courses"."price" >= 0),
	CONSTRAINT "courses_sale_price_check" CHECK ("courses"."sale_price" is null or "courses"."sale_price" >= 0),
	CONSTRAINT "courses_level_check" CHECK ("courses"."level" in ('beginner', 'intermediate', 'advanced'))
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"enrolled_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "enrolments_user_id_course_id_pk" PRIMARY KEY("user_id","course_id"),
	CONSTRAINT "enrolments_source_check" CHECK ("enrolments"."source" in ('free', 'purchase'))
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"id" text PRIMARY KEY NOT NULL,
	"avatar_id" text NOT NULL,
	"specialty" text NOT NULL,
	"languages" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lesson_progress_user_id_course_id_lesson_id_pk" PRIMARY KEY("user_id","course_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"course_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "lessons_course_id_id_pk" PRIMARY KEY("course_id","id")
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"kind" text NOT NULL,
	"answers" jsonb NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	"score" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_attempts_kind_check" CHECK ("quiz_attempts"."kind" in ('pre', 'post')),
	CONSTRAINT "quiz_attempts_counts_check" CHECK ("quiz_attempts"."correct" >= 0 and "quiz_attempts"."correct" <= "quiz_attempts"."total"),
	CONSTRAINT "quiz_attempts_score_check" CHECK ("quiz_attempts"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"course_id" text NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"multiple" boolean NOT NULL,
	"correct" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "quiz_questions_course_id_id_pk" PRIMARY KEY("course_id","id"),
	CONSTRAINT "quiz_questions_kind_check" CHECK ("quiz_questions"."kind" in ('pre', 'post'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_enrolment_fk" FOREIGN KEY ("user_id","course_id") REFERENCES "public"."enrolments"("user_id","course_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_enrolment_fk" FOREIGN KEY ("user_id","course_id") REFERENCES "public"."enrolments"("user_id","course_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolments_course_id_idx" ON "enrolments" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_pre_once" ON "quiz_attempts" USING btree ("user_id","course_id") WHERE "quiz_attempts"."kind" = 'pre';--> statement-breakpoint
CREATE INDEX "quiz_attempts_member_idx" ON "quiz_attempts" USING btree ("user_id","course_id","kind","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_course_unique" ON "reviews" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "reviews_course_idx" ON "reviews" USING btree ("course_id","updated_at");