-- 0007_consultations (issue 10): availability, bookings, confirm requests, credit notes (hand-written as drizzle would)
CREATE TABLE "expert_availability" (
	"expert_id" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"weekly" jsonb NOT NULL,
	"exceptions" jsonb NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"notice_minutes" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"email" text,
	"hash" text NOT NULL,
	CONSTRAINT "expert_availability_buffer_check" CHECK ("expert_availability"."buffer_minutes" between 0 and 240),
	CONSTRAINT "expert_availability_notice_check" CHECK ("expert_availability"."notice_minutes" between 0 and 20160),
	CONSTRAINT "expert_availability_horizon_check" CHECK ("expert_availability"."horizon_days" between 1 and 180)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"expert_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"offer_kind" text NOT NULL,
	"minutes" integer NOT NULL,
	"mode" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"fee" integer NOT NULL,
	"merchant_charges" integer NOT NULL,
	"vat" integer NOT NULL,
	"total" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"medical" boolean NOT NULL,
	"details" text,
	"titles" jsonb NOT NULL,
	"room_name" text NOT NULL,
	"order_id" uuid,
	"invoice_id" uuid,
	"charge_id" text,
	"paid_brand" text,
	"paid_last4" text,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refund_percent" smallint,
	"refund_amount" integer,
	"refund_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('held', 'confirmed', 'cancelled', 'expired')),
	CONSTRAINT "bookings_mode_check" CHECK ("bookings"."mode" in ('voice', 'video')),
	CONSTRAINT "bookings_times_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_total_check" CHECK ("bookings"."total" = "bookings"."fee" + "bookings"."merchant_charges" + "bookings"."vat"),
	CONSTRAINT "bookings_fee_check" CHECK ("bookings"."fee" >= 0),
	CONSTRAINT "bookings_merchant_charges_check" CHECK ("bookings"."merchant_charges" >= 0),
	CONSTRAINT "bookings_vat_check" CHECK ("bookings"."vat" >= 0),
	CONSTRAINT "bookings_amount_paid_check" CHECK ("bookings"."amount_paid" >= 0 and "bookings"."amount_paid" <= "bookings"."total"),
	CONSTRAINT "bookings_refund_check" CHECK ("bookings"."refund_amount" is null or ("bookings"."refund_amount" >= 0 and "bookings"."refund_amount" <= "bookings"."amount_paid")),
	CONSTRAINT "bookings_refund_percent_check" CHECK ("bookings"."refund_percent" is null or "bookings"."refund_percent" in (0, 50, 100))
);
--> statement-breakpoint
CREATE TABLE "consultation_requests" (
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" smallint,
	"response_body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consultation_requests_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key"),
	CONSTRAINT "consultation_requests_state_check" CHECK ("consultation_requests"."state" in ('started', 'done'))
);
--> statement-breakpoint
CREATE TABLE "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "credit_note_counters_last_check" CHECK ("credit_note_counters"."last" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"booking_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"refund_percent" smallint NOT NULL,
	"fee" integer NOT NULL,
	"merchant_charges" integer NOT NULL,
	"vat" integer NOT NULL,
	"total" integer NOT NULL,
	"refund_id" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_notes_sequence_check" CHECK ("credit_notes"."sequence" >= 1),
	CONSTRAINT "credit_notes_total_check" CHECK ("credit_notes"."total" = "credit_notes"."fee" + "credit_notes"."merchant_charges" + "credit_notes"."vat"),
	CONSTRAINT "credit_notes_fee_check" CHECK ("credit_notes"."fee" >= 0),
	CONSTRAINT "credit_notes_merchant_charges_check" CHECK ("credit_notes"."merchant_charges" >= 0),
	CONSTRAINT "credit_notes_vat_check" CHECK ("credit_notes"."vat" >= 0)
);
--> statement-breakpoint
ALTER TABLE "expert_availability" ADD CONSTRAINT "expert_availability_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD CONSTRAINT "consultation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD CONSTRAINT "consultation_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_expert_idx" ON "bookings" USING btree ("expert_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_room_unique" ON "bookings" USING btree ("room_name");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_slot_unique" ON "bookings" USING btree ("expert_id","starts_at") WHERE "bookings"."status" in ('held', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_unique" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_year_sequence_unique" ON "credit_notes" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_booking_unique" ON "credit_notes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "credit_notes_user_idx" ON "credit_notes" USING btree ("user_id","issued_at");
