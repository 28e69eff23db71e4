CREATE TABLE "school_doodles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text NOT NULL,
	"pixels" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_doodles_pixels_size" CHECK (octet_length("school_doodles"."pixels") = 784)
);
--> statement-breakpoint
ALTER TABLE "school_doodles" ADD CONSTRAINT "school_doodles_school_id_users_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_doodles" ADD CONSTRAINT "school_doodles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_doodles_school_idx" ON "school_doodles" USING btree ("school_id","id");