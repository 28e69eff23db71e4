ALTER TABLE "ai_images" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_images" ADD COLUMN "storage_key" text;