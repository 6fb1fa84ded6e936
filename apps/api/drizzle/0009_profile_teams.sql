CREATE TABLE "branch_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"image" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_selected_services" (
	"branch_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	CONSTRAINT "branch_selected_services_branch_id_service_id_pk" PRIMARY KEY("branch_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "crews" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"first_name" varchar(60) NOT NULL,
	"last_name" varchar(60) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone_number" varchar(32) NOT NULL,
	"zip_code" varchar(10) NOT NULL,
	"state_id" integer,
	"city_id" integer,
	"profile_picture" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_driver" boolean DEFAULT false NOT NULL,
	"employee_type" varchar(12) DEFAULT 'full_time' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "faq_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"faq_id" integer NOT NULL,
	"answer" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" varchar(200) NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_crews" (
	"order_id" integer NOT NULL,
	"crew_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_crews_order_id_crew_id_pk" PRIMARY KEY("order_id","crew_id")
);
--> statement-breakpoint
CREATE TABLE "profile_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" varchar(80) NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "about_us" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "credentials" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_photos" ADD CONSTRAINT "branch_photos_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_selected_services" ADD CONSTRAINT "branch_selected_services_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_selected_services" ADD CONSTRAINT "branch_selected_services_service_id_profile_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."profile_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crews" ADD CONSTRAINT "crews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crews" ADD CONSTRAINT "crews_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crews" ADD CONSTRAINT "crews_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crews" ADD CONSTRAINT "crews_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_answers" ADD CONSTRAINT "faq_answers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_answers" ADD CONSTRAINT "faq_answers_faq_id_faq_questions_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."faq_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_crews" ADD CONSTRAINT "order_crews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_crews" ADD CONSTRAINT "order_crews_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branch_photos_branch_idx" ON "branch_photos" USING btree ("branch_id","is_pinned","id");--> statement-breakpoint
CREATE INDEX "crews_branch_idx" ON "crews" USING btree ("branch_id","is_active") WHERE "crews"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "faq_answers_branch_question_unique" ON "faq_answers" USING btree ("branch_id","faq_id");--> statement-breakpoint
CREATE INDEX "order_crews_crew_idx" ON "order_crews" USING btree ("crew_id");--> statement-breakpoint
INSERT INTO "profile_services" ("service", "position") VALUES
	('Loading and unloading', 1),
	('Packing and unpacking', 2),
	('Furniture assembly and disassembly', 3),
	('Local moves', 4),
	('Long distance moves', 5),
	('Office and commercial moves', 6),
	('Piano and heavy item moving', 7),
	('Storage', 8),
	('Junk removal', 9),
	('Packing supplies', 10);--> statement-breakpoint
INSERT INTO "faq_questions" ("question", "position") VALUES
	('What should I do to prepare for my move?', 1),
	('How do you protect my furniture and floors?', 2),
	('Are there items you will not move?', 3),
	('What happens if something is damaged?', 4),
	('How do you charge, and are there extra fees?', 5),
	('Can I change or cancel my booking?', 6);
