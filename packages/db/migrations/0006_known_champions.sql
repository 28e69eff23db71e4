ALTER TABLE "course_sessions" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_seed_key_unique" UNIQUE("seed_key");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_seed_key_unique" UNIQUE("seed_key");