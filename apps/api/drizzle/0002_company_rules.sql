CREATE TABLE "blocked_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"date" date NOT NULL,
	"is_on_morning" boolean NOT NULL,
	"is_on_afternoon" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"date" date NOT NULL,
	"is_discount" boolean NOT NULL,
	"is_value_percentage" boolean NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"employees_count" integer NOT NULL,
	"minimum_hours" integer NOT NULL,
	"base_hourly_rate" integer NOT NULL,
	"charge_overtime" integer DEFAULT 0 NOT NULL,
	"service_type" integer NOT NULL,
	"truck_size" varchar(30),
	"truck_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "working_days" (
	"branch_id" integer NOT NULL,
	"day" integer NOT NULL,
	"is_active" boolean NOT NULL,
	"from_hour" integer NOT NULL,
	"to_hour" integer NOT NULL,
	CONSTRAINT "working_days_branch_id_day_pk" PRIMARY KEY("branch_id","day")
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "fee_first_bedroom" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "fee_extra_bedroom" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "helpers_and_trucks_between_double_driving" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "surge_distance" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "surge_additional_hourly_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "surge_additional_min_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "surge_additional_service_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "travel_area" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "equipments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "accept_in_period_of" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "accept_next_day_move" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_methods" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_methods_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_methods_icon" varchar(1) DEFAULT '$' NOT NULL;--> statement-breakpoint
ALTER TABLE "blocked_days" ADD CONSTRAINT "blocked_days_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_days" ADD CONSTRAINT "blocked_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_days" ADD CONSTRAINT "working_days_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_days_branch_date_unique" ON "blocked_days" USING btree ("branch_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_branch_date_unique" ON "discounts" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "service_prices_branch_idx" ON "service_prices" USING btree ("branch_id","service_type");