CREATE TABLE "edu_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" integer NOT NULL,
	"filename" text,
	"course_id" text,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experience_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" integer NOT NULL,
	"path" text NOT NULL,
	"api_url" text,
	"method" text,
	"client_timestamp" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_access_rules" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"denied" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_documents" (
	"name" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edu_logs" ADD CONSTRAINT "edu_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_logs" ADD CONSTRAINT "experience_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edu_logs_user_idx" ON "edu_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "experience_logs_user_idx" ON "experience_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_access_rules_key" ON "lab_access_rules" USING btree ("scope","subject");