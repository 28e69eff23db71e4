ALTER TABLE "class_lessons" ADD COLUMN "starter_id" text;--> statement-breakpoint
ALTER TABLE "class_lessons" ADD COLUMN "starter_name" text;--> statement-breakpoint
ALTER TABLE "class_lessons" ADD COLUMN "starter_workspace" text;--> statement-breakpoint
ALTER TABLE "make_projects" ADD COLUMN "thumbnail" text;--> statement-breakpoint
ALTER TABLE "make_projects" ADD COLUMN "lesson_id" uuid;--> statement-breakpoint
ALTER TABLE "make_projects" ADD CONSTRAINT "make_projects_lesson_id_class_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."class_lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "make_projects_lesson_copy_key" ON "make_projects" USING btree ("owner_id","lesson_id");