CREATE TABLE "train_last_models" (
	"project_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"bytes" integer NOT NULL,
	"file_key" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "train_last_models_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "train_last_models" ADD CONSTRAINT "train_last_models_project_id_train_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."train_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_last_models" ADD CONSTRAINT "train_last_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "train_last_models_user_idx" ON "train_last_models" USING btree ("user_id");