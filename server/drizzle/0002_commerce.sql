CREATE TABLE "coupon_redemptions" (
	"coupon_code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid PRIMARY KEY NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"course_ids" jsonb,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"per_member_limit" integer,
	"active" boolean NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('percent', 'amount')),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" >= 1 and ("coupons"."kind" <> 'percent' or "coupons"."value" <= 100)),
	CONSTRAINT "coupons_window_check" CHECK ("coupons"."starts_at" is null or "coupons"."ends_at" is null or "coupons"."starts_at" < "coupons"."ends_at"),
	CONSTRAINT "coupons_max_check" CHECK ("coupons"."max_redemptions" is null or "coupons"."max_redemptions" >= 1),
	CONSTRAINT "coupons_per_member_check" CHECK ("coupons"."per_member_limit" is null or "coupons"."per_member_limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_last_check" CHECK ("invoice_counters"."last" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer NOT NULL,
	"coupon_code" text,
	"vat" integer NOT NULL,
	"total" integer NOT NULL,
	"amount_paid" integer NOT NULL,
	"consultation_fee" integer,
	"merchant_charges" integer,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_sequence_check" CHECK ("invoices"."sequence" >= 1),
	CONSTRAINT "invoices_subtotal_check" CHECK ("invoices"."subtotal" >= 0),
	CONSTRAINT "invoices_discount_check" CHECK ("invoices"."discount" >= 0),
	CONSTRAINT "invoices_vat_check" CHECK ("invoices"."vat" >= 0),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total" >= 0),
	CONSTRAINT "invoices_amount_paid_check" CHECK ("invoices"."amount_paid" >= 0),
	CONSTRAINT "invoices_consultation_fee_check" CHECK ("invoices"."consultation_fee" is null or "invoices"."consultation_fee" >= 0),
	CONSTRAINT "invoices_merchant_charges_check" CHECK ("invoices"."merchant_charges" is null or "invoices"."merchant_charges" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"position" smallint NOT NULL,
	"list_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"titles" jsonb NOT NULL,
	CONSTRAINT "order_lines_order_id_course_id_pk" PRIMARY KEY("order_id","course_id"),
	CONSTRAINT "order_lines_list_price_check" CHECK ("order_lines"."list_price" >= 0),
	CONSTRAINT "order_lines_amount_check" CHECK ("order_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer NOT NULL,
	"vat" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"coupon_code" text,
	"charge_id" text,
	"paid_brand" text,
	"paid_last4" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_subtotal_check" CHECK ("orders"."subtotal" >= 0),
	CONSTRAINT "orders_discount_check" CHECK ("orders"."discount" >= 0),
	CONSTRAINT "orders_vat_check" CHECK ("orders"."vat" >= 0),
	CONSTRAINT "orders_total_check" CHECK ("orders"."total" >= 0),
	CONSTRAINT "orders_totals_check" CHECK ("orders"."total" = "orders"."subtotal" - "orders"."discount" + "orders"."vat")
);
--> statement-breakpoint
CREATE TABLE "purchase_requests" (
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"plan" jsonb NOT NULL,
	"response_status" smallint,
	"response_body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchase_requests_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key"),
	CONSTRAINT "purchase_requests_state_check" CHECK ("purchase_requests"."state" in ('started', 'done')),
	CONSTRAINT "purchase_requests_done_check" CHECK ("purchase_requests"."state" <> 'done' or ("purchase_requests"."response_status" is not null and "purchase_requests"."response_body" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"decline_reason" text,
	"challenge_id" text,
	"challenge_status" text,
	"refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_charges_amount_check" CHECK ("sandbox_charges"."amount" >= 0),
	CONSTRAINT "sandbox_charges_refunded_check" CHECK ("sandbox_charges"."refunded" >= 0 and "sandbox_charges"."refunded" <= "sandbox_charges"."amount"),
	CONSTRAINT "sandbox_charges_status_check" CHECK ("sandbox_charges"."status" in ('succeeded', 'requires_action', 'declined', 'failed')),
	CONSTRAINT "sandbox_charges_challenge_status_check" CHECK ("sandbox_charges"."challenge_status" is null or "sandbox_charges"."challenge_status" in ('pending', 'approved', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_payment_methods_last4_check" CHECK ("sandbox_payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "sandbox_payment_methods_exp_check" CHECK ("sandbox_payment_methods"."exp_month" between 1 and 12),
	CONSTRAINT "sandbox_payment_methods_behaviour_check" CHECK ("sandbox_payment_methods"."behaviour" in ('succeed', 'card_declined', 'insufficient_funds', 'challenge', 'processing_error'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_refunds_amount_check" CHECK ("sandbox_refunds"."amount" >= 1)
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_payment_method_id_sandbox_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."sandbox_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD CONSTRAINT "sandbox_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_charge_id_sandbox_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."sandbox_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_user_idx" ON "coupon_redemptions" USING btree ("coupon_code","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_unique" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_unique" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_key_unique" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_charge_unique" ON "orders" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_charges_idempotency_key_unique" ON "sandbox_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_charges_challenge_unique" ON "sandbox_charges" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "sandbox_charges_user_idx" ON "sandbox_charges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sandbox_payment_methods_user_idx" ON "sandbox_payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_key_unique" ON "sandbox_refunds" USING btree ("idempotency_key");