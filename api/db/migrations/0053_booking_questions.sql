-- Booking questions (issue 46, item 1): an experience's questions (a JSON list, judged by
-- contract/bookings/questions.ts on the way in and out), and on each booking the questions as it
-- was asked them (a snapshot: later changes to the experience's list do not touch it) and its answers.
ALTER TABLE "experiences" ADD COLUMN "booking_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_booking_questions_list" CHECK (jsonb_typeof("booking_questions") = 'array');
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "answers" jsonb DEFAULT '{"booking":{},"guests":[]}'::jsonb NOT NULL;
