-- 0010_account_settings (issue 25): her member number (from a sequence; members stored before get theirs in the
-- order they joined), the discreet-documents setting (on), her one recovery code (argon2id hash only), each
-- session's opaque id, browser and system in words and last-seen time (the sessions stored before: last seen
-- when opened), and the aliases kept reserved after a deletion
CREATE TABLE "recovery_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retired_aliases" (
	"alias_key" text PRIMARY KEY NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "system" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "last_seen_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "member_number" integer;--> statement-breakpoint
UPDATE "users" AS u SET "member_number" = 1000 + n.rn
  FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS rn FROM "users") AS n
  WHERE u."id" = n."id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "member_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "member_number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "users_member_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1);--> statement-breakpoint
SELECT setval('"users_member_number_seq"', coalesce(max("member_number") + 1, 1001), false) FROM "users";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discreet_documents" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_aliases_reserved_until_idx" ON "retired_aliases" USING btree ("reserved_until");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_id_unique" ON "sessions" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_member_number_unique" ON "users" USING btree ("member_number");