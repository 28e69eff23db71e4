CREATE TABLE "make_project_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"workspace" text NOT NULL,
	"bytes" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "make_projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"workspace" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "make_project_versions" ADD CONSTRAINT "make_project_versions_project_id_make_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."make_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_projects" ADD CONSTRAINT "make_projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "make_project_versions_project_idx" ON "make_project_versions" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "make_projects_owner_idx" ON "make_projects" USING btree ("owner_id","updated_at");