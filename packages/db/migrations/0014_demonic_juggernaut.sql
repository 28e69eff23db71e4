ALTER TABLE "make_projects" ADD COLUMN "shared_with_class" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "make_projects" ADD COLUMN "share_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "make_projects_share_token_key" ON "make_projects" USING btree ("share_token_hash");