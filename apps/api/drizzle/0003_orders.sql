CREATE TABLE "order_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"address" varchar(120) NOT NULL,
	"city_or_town" varchar(100) NOT NULL,
	"state" varchar(60) NOT NULL,
	"zip_code" varchar(5) NOT NULL,
	"type_property" varchar(40) NOT NULL,
	"flights_of_stairs" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"actor_user_id" integer,
	"actor_party" varchar(10) NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"status_before_reschedule" smallint,
	"reschedule_requested_by" varchar(10),
	"type_service" smallint NOT NULL,
	"type_moving" smallint DEFAULT 1 NOT NULL,
	"type_help" smallint DEFAULT 3 NOT NULL,
	"bedrooms_count" smallint DEFAULT 0 NOT NULL,
	"helpers_count" smallint NOT NULL,
	"hours_count" double precision NOT NULL,
	"truck_number" smallint DEFAULT 0 NOT NULL,
	"truck_size" varchar(30),
	"arrival_date" date NOT NULL,
	"arrival_time" varchar(5) NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"secondary_phone" varchar(32),
	"payment_method" varchar(12) NOT NULL,
	"unique_items" text,
	"notes" text,
	"service_price_id" integer,
	"quote" jsonb NOT NULL,
	"order_price" integer NOT NULL,
	"response_deadline" timestamp with time zone,
	"archived_by_customer" boolean DEFAULT false NOT NULL,
	"archived_by_company" boolean DEFAULT false NOT NULL,
	"reviewed_by_customer" boolean DEFAULT false NOT NULL,
	"reviewed_by_company" boolean DEFAULT false NOT NULL,
	"cancelled_by" varchar(10),
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reschedule_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"requested_by" varchar(10) NOT NULL,
	"requested_date" date NOT NULL,
	"requested_time" varchar(5) NOT NULL,
	"note" text NOT NULL,
	"price" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_addresses" ADD CONSTRAINT "order_addresses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_price_id_service_prices_id_fk" FOREIGN KEY ("service_price_id") REFERENCES "public"."service_prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reschedule_requests" ADD CONSTRAINT "reschedule_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_addresses_order_idx" ON "order_addresses" USING btree ("order_id","kind","position");--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_company_status_date_idx" ON "orders" USING btree ("company_id","status","arrival_date","id");--> statement-breakpoint
CREATE INDEX "orders_branch_status_date_idx" ON "orders" USING btree ("branch_id","status","arrival_date","id");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_new_deadline_idx" ON "orders" USING btree ("response_deadline") WHERE "orders"."status" = 1;--> statement-breakpoint
CREATE INDEX "reschedule_requests_order_idx" ON "reschedule_requests" USING btree ("order_id","status");