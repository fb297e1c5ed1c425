-- 0011_account_deletion (issue 25): invoices, credit notes, and what they stand on (orders, their coupon
-- redemptions, invoiced bookings) outlive a member's deletion: their user_id becomes nullable, ON DELETE SET NULL;
-- her member number is copied onto each invoice and credit note at issue (those stored before: from her row)
ALTER TABLE "coupon_redemptions" DROP CONSTRAINT "coupon_redemptions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "member_number" integer;--> statement-breakpoint
UPDATE "invoices" AS i SET "member_number" = u."member_number" FROM "users" AS u WHERE u."id" = i."user_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "member_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "member_number" integer;--> statement-breakpoint
UPDATE "credit_notes" AS n SET "member_number" = u."member_number" FROM "users" AS u WHERE u."id" = n."user_id";--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "member_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;