-- 0014_offline (issue 28): the first answer to each request a member's device queued offline with its own key
-- (clientKey): a repeat of the key gets this answer and is not carried out again; removed after 30 days and with her
CREATE TABLE "offline_receipts" (
	"user_id" uuid NOT NULL,
	"client_key" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offline_receipts_user_id_client_key_pk" PRIMARY KEY("user_id","client_key"),
	CONSTRAINT "offline_receipts_kind_check" CHECK ("offline_receipts"."kind" in ('lesson.done', 'quiz.submit'))
);
--> statement-breakpoint
ALTER TABLE "offline_receipts" ADD CONSTRAINT "offline_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;