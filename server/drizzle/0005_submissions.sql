CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"fields" jsonb NOT NULL,
	"cv_path" text,
	"cv_size" integer,
	"created_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "form_submissions_kind_check" CHECK ("form_submissions"."kind" in ('contact', 'programs', 'partnerships', 'concern', 'expert-application')),
	CONSTRAINT "form_submissions_locale_check" CHECK ("form_submissions"."locale" in ('en', 'ar')),
	CONSTRAINT "form_submissions_cv_size_check" CHECK ("form_submissions"."cv_size" is null or "form_submissions"."cv_size" > 0)
);
--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_kind_created_idx" ON "form_submissions" USING btree ("kind","created_at");
