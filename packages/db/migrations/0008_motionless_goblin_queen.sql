CREATE TABLE "onnx_models" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bytes" integer NOT NULL,
	"metadata" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"outputs" jsonb NOT NULL,
	"opset_version" integer,
	"producer" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_evaluations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" bigint NOT NULL,
	"model_source" text NOT NULL,
	"model_name" text NOT NULL,
	"image_count" integer NOT NULL,
	"metrics" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"owner_id" uuid NOT NULL,
	"label" text,
	"split" text,
	"boxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"thumb_key" text,
	"thumb_bytes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_models" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"bytes" integer NOT NULL,
	"summary" jsonb,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"classes" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"split_seed" integer NOT NULL,
	"last_run" jsonb,
	"shared_class_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_projects_kind" CHECK ("train_projects"."kind" in ('cls', 'det'))
);
--> statement-breakpoint
ALTER TABLE "onnx_models" ADD CONSTRAINT "onnx_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_evaluations" ADD CONSTRAINT "train_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_evaluations" ADD CONSTRAINT "train_evaluations_project_id_train_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."train_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_images" ADD CONSTRAINT "train_images_project_id_train_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."train_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_images" ADD CONSTRAINT "train_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_models" ADD CONSTRAINT "train_models_project_id_train_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."train_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_models" ADD CONSTRAINT "train_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_projects" ADD CONSTRAINT "train_projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_projects" ADD CONSTRAINT "train_projects_shared_class_id_classes_id_fk" FOREIGN KEY ("shared_class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onnx_models_user_idx" ON "onnx_models" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "train_evaluations_user_idx" ON "train_evaluations" USING btree ("user_id","project_id","id");--> statement-breakpoint
CREATE INDEX "train_images_project_idx" ON "train_images" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "train_images_owner_idx" ON "train_images" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "train_images_file_idx" ON "train_images" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "train_images_thumb_idx" ON "train_images" USING btree ("thumb_key");--> statement-breakpoint
CREATE INDEX "train_models_project_idx" ON "train_models" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "train_models_user_idx" ON "train_models" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "train_projects_owner_idx" ON "train_projects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "train_projects_class_idx" ON "train_projects" USING btree ("shared_class_id");