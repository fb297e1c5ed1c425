-- 0008_booking_key_id (issue 20): the id of the key that sealed a booking's personal details, so keys rotate
ALTER TABLE "bookings" ADD COLUMN "details_key_id" text;
