CREATE TABLE "make_project_assets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "make_project_assets" ADD CONSTRAINT "make_project_assets_project_id_make_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."make_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_project_assets" ADD CONSTRAINT "make_project_assets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "make_project_assets_project_idx" ON "make_project_assets" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "make_project_assets_owner_idx" ON "make_project_assets" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "make_project_assets_key_idx" ON "make_project_assets" USING btree ("storage_key");