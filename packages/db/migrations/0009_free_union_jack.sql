CREATE TABLE "ai_use_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"lab" text NOT NULL,
	"prompt" text NOT NULL,
	"answer" text,
	"image_id" uuid,
	"credits" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"blocked_word" text,
	"request_id" uuid,
	"flagged_at" timestamp with time zone,
	"flagged_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_budgets" (
	"class_id" uuid PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"amount" integer NOT NULL,
	"daily_cap" integer,
	"balance" integer DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_budgets_balance_nonnegative" CHECK ("class_budgets"."balance" >= 0),
	CONSTRAINT "class_budgets_mode" CHECK ("class_budgets"."mode" in ('weekly', 'once'))
);
--> statement-breakpoint
CREATE TABLE "class_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"labs" text[] NOT NULL,
	"lock_others" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_teachers" (
	"class_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"blocked_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"retention_days" integer DEFAULT 180 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_teachers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_images" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_use_records" ADD CONSTRAINT "ai_use_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_use_records" ADD CONSTRAINT "ai_use_records_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_use_records" ADD CONSTRAINT "ai_use_records_image_id_ai_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."ai_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_use_records" ADD CONSTRAINT "ai_use_records_flagged_by_users_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_budgets" ADD CONSTRAINT "class_budgets_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_budgets" ADD CONSTRAINT "class_budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_lessons" ADD CONSTRAINT "class_lessons_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_lessons" ADD CONSTRAINT "class_lessons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teachers" ADD CONSTRAINT "class_teachers_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_school_id_users_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_teachers" ADD CONSTRAINT "school_teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_teachers" ADD CONSTRAINT "school_teachers_school_id_users_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_use_records_class_idx" ON "ai_use_records" USING btree ("class_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_use_records_user_idx" ON "ai_use_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "class_lessons_class_idx" ON "class_lessons" USING btree ("class_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "class_teachers_key" ON "class_teachers" USING btree ("class_id","teacher_id");--> statement-breakpoint
CREATE INDEX "class_teachers_teacher_idx" ON "class_teachers" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "school_teachers_school_idx" ON "school_teachers" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_class_idx" ON "credit_ledger" USING btree ("class_id","created_at");