ALTER TABLE "labor_profiles" ADD COLUMN "street_address" varchar(120);--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "apt_unit" varchar(30);--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "state_id" integer;--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "vehicle_model" varchar(60);--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "vehicle_year" smallint;--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "vehicle_make" varchar(60);--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "ssn_encrypted" text;--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "ssn_last4" varchar(4);--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "mail_new_delivery" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "mail_delivery_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD COLUMN "mail_payouts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD CONSTRAINT "labor_profiles_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD CONSTRAINT "labor_profiles_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;