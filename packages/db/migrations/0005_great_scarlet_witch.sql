ALTER TABLE "login_tokens" ADD COLUMN "uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_tokens" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
-- Login tokens used to live 30 days; they now live 15 minutes from the code check (docs/decisions.md).
UPDATE "login_tokens" SET "expires_at" = LEAST("expires_at", "verified_at" + interval '15 minutes');
