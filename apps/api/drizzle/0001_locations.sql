CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counties" (
	"id" integer PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" varchar(2) NOT NULL,
	"name" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zip_codes" (
	"zip" varchar(5) PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"county_id" integer,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_counties" (
	"branch_id" integer NOT NULL,
	"county_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "branch_counties_branch_id_county_id_pk" PRIMARY KEY("branch_id","county_id")
);
--> statement-breakpoint
DROP INDEX "branches_slug_unique";--> statement-breakpoint
DROP INDEX "branches_one_main_per_company";--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "address" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "state_id" integer;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "latitude" double precision DEFAULT 33.974027 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "longitude" double precision DEFAULT -118.249509 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "service_area" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "primary_phone" varchar(32);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "time_zone" varchar(64) DEFAULT 'America/Los_Angeles' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "email" varchar(254);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "website" varchar(200);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "found_date" date;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "employees_count" integer;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counties" ADD CONSTRAINT "counties_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zip_codes" ADD CONSTRAINT "zip_codes_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zip_codes" ADD CONSTRAINT "zip_codes_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zip_codes" ADD CONSTRAINT "zip_codes_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_counties" ADD CONSTRAINT "branch_counties_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_counties" ADD CONSTRAINT "branch_counties_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_state_name_unique" ON "cities" USING btree ("state_id","name");--> statement-breakpoint
CREATE INDEX "counties_state_idx" ON "counties" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "counties_name_lower_idx" ON "counties" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "states_code_unique" ON "states" USING btree ("code");--> statement-breakpoint
CREATE INDEX "zip_codes_city_idx" ON "zip_codes" USING btree ("city_id");--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branches_service_box_idx" ON "branches" USING gist (earth_box(ll_to_earth("latitude", "longitude"), ("service_area" * 1000)::float8)) WHERE "branches"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_slug_unique" ON "branches" USING btree ("slug") WHERE "branches"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_one_main_per_company" ON "branches" USING btree ("company_id") WHERE "branches"."is_main" and "branches"."deleted_at" is null;