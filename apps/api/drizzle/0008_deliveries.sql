CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"items_name" varchar(200) NOT NULL,
	"vehicle_type" smallint NOT NULL,
	"pickup" jsonb NOT NULL,
	"destination" jsonb NOT NULL,
	"pickup_latitude" double precision NOT NULL,
	"pickup_longitude" double precision NOT NULL,
	"distance_miles" double precision NOT NULL,
	"is_home_move" boolean DEFAULT false NOT NULL,
	"arrival_date" date NOT NULL,
	"arrival_time" varchar(5) NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"bidding_deadline" timestamp with time zone NOT NULL,
	"phone" varchar(32) NOT NULL,
	"notes" text,
	"base_price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"system_fee" integer NOT NULL,
	"tip" integer DEFAULT 0 NOT NULL,
	"total_price" integer NOT NULL,
	"payment_method" varchar(12) NOT NULL,
	"payment_session_id" varchar(255),
	"paid_at" timestamp with time zone,
	"acceptor_user_id" integer,
	"acceptor_company_id" integer,
	"acceptor_branch_id" integer,
	"accepted_at" timestamp with time zone,
	"payout_approved" boolean DEFAULT false NOT NULL,
	"archived_by_customer" boolean DEFAULT false NOT NULL,
	"archived_by_acceptor" boolean DEFAULT false NOT NULL,
	"reviewed_by_customer" boolean DEFAULT false NOT NULL,
	"reviewed_by_acceptor" boolean DEFAULT false NOT NULL,
	"cancelled_by" varchar(10),
	"cancel_reason" text,
	"refund_status" varchar(20),
	"refund_amount" integer,
	"refund_id" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_bidders" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"labor_user_id" integer,
	"company_id" integer,
	"branch_id" integer,
	"distance_km" double precision NOT NULL,
	"rejected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"actor_user_id" integer,
	"actor_party" varchar(10) NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(120) NOT NULL,
	"count" smallint NOT NULL,
	"weight" double precision NOT NULL,
	"height" double precision NOT NULL,
	"width" double precision NOT NULL,
	"length" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labor_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"zip_code" varchar(5) NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"service_area" integer DEFAULT 40 NOT NULL,
	"has_vehicle" boolean DEFAULT false NOT NULL,
	"vehicle_type" smallint,
	"address" varchar(120),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"submitted_by" integer,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"helper_note" text,
	"signed_on_device" boolean DEFAULT false NOT NULL,
	"files" jsonb NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"payee_user_id" integer,
	"payee_company_id" integer,
	"base_price" integer NOT NULL,
	"processing_fee" integer NOT NULL,
	"tip" integer NOT NULL,
	"total_payout" integer NOT NULL,
	"status" varchar(20) DEFAULT 'pending_settlement' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_acceptor_user_id_users_id_fk" FOREIGN KEY ("acceptor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_acceptor_company_id_companies_id_fk" FOREIGN KEY ("acceptor_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_acceptor_branch_id_branches_id_fk" FOREIGN KEY ("acceptor_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_bidders" ADD CONSTRAINT "delivery_bidders_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_bidders" ADD CONSTRAINT "delivery_bidders_labor_user_id_users_id_fk" FOREIGN KEY ("labor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_bidders" ADD CONSTRAINT "delivery_bidders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_bidders" ADD CONSTRAINT "delivery_bidders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_history" ADD CONSTRAINT "delivery_history_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_history" ADD CONSTRAINT "delivery_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_images" ADD CONSTRAINT "delivery_images_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labor_profiles" ADD CONSTRAINT "labor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_submissions" ADD CONSTRAINT "payout_submissions_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_submissions" ADD CONSTRAINT "payout_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_submissions" ADD CONSTRAINT "payout_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payee_company_id_companies_id_fk" FOREIGN KEY ("payee_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_customer_created_idx" ON "deliveries" USING btree ("customer_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "deliveries_acceptor_user_idx" ON "deliveries" USING btree ("acceptor_user_id","status","arrival_date");--> statement-breakpoint
CREATE INDEX "deliveries_acceptor_company_idx" ON "deliveries" USING btree ("acceptor_company_id","status","arrival_date");--> statement-breakpoint
CREATE INDEX "deliveries_status_deadline_idx" ON "deliveries" USING btree ("status","bidding_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_bidders_labor_unique" ON "delivery_bidders" USING btree ("delivery_id","labor_user_id") WHERE "delivery_bidders"."labor_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_bidders_branch_unique" ON "delivery_bidders" USING btree ("delivery_id","branch_id") WHERE "delivery_bidders"."branch_id" is not null;--> statement-breakpoint
CREATE INDEX "delivery_bidders_labor_idx" ON "delivery_bidders" USING btree ("labor_user_id","delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_bidders_company_idx" ON "delivery_bidders" USING btree ("company_id","delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_bidders_branch_idx" ON "delivery_bidders" USING btree ("branch_id","delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_history_delivery_idx" ON "delivery_history" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "delivery_images_delivery_idx" ON "delivery_images" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_items_delivery_idx" ON "delivery_items" USING btree ("delivery_id","position");--> statement-breakpoint
CREATE INDEX "payout_submissions_status_idx" ON "payout_submissions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payout_submissions_delivery_idx" ON "payout_submissions" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_submissions_one_pending" ON "payout_submissions" USING btree ("delivery_id") WHERE "payout_submissions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_delivery_unique" ON "payouts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "payouts_payee_user_idx" ON "payouts" USING btree ("payee_user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_payee_company_idx" ON "payouts" USING btree ("payee_company_id","created_at");