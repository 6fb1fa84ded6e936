CREATE TABLE "money_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"delivery_id" integer,
	"kind" varchar(12) NOT NULL,
	"amount" integer NOT NULL,
	"provider_ref" varchar(255),
	"idempotency_key" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"stripe_account_id" varchar(255) NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_one_owner" CHECK (("payout_accounts"."company_id" is null) <> ("payout_accounts"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "payout_tip_shares" (
	"payout_id" integer NOT NULL,
	"crew_id" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "payout_tip_shares_payout_id_crew_id_pk" PRIMARY KEY("payout_id","crew_id")
);
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "delivery_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "status" SET DATA TYPE varchar(24);--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "payment_intent_id" varchar(255);--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "stripe_customer_id" varchar(255);--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "cancellation_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "payment_method" varchar(12) DEFAULT 'electronic' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "cancellation_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "stripe_account_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "stripe_payout_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transferred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "expected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversal_owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "tip_session_id" varchar(255);--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cancellation_policy" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" varchar(255);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stripe_customer_id" varchar(255);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancellation_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_id" varchar(255);--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_tip_shares" ADD CONSTRAINT "payout_tip_shares_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_tip_shares" ADD CONSTRAINT "payout_tip_shares_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_movements_key_unique" ON "money_movements" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "money_movements_created_idx" ON "money_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "money_movements_order_idx" ON "money_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "money_movements_delivery_idx" ON "money_movements" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_company_unique" ON "payout_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_user_unique" ON "payout_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_stripe_unique" ON "payout_accounts" USING btree ("stripe_account_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_order_unique" ON "payouts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_attempt_at") WHERE "payouts"."status" in ('pending', 'waiting_for_account') or "payouts"."reversal_owed" > 0;--> statement-breakpoint
CREATE INDEX "payouts_transfer_idx" ON "payouts" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "orders_refund_pending_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."refund_status" = 'pending';--> statement-breakpoint
UPDATE "payouts" SET "payment_method" = d."payment_method", "status" = CASE WHEN d."payment_method" = 'cash' THEN 'cash' ELSE 'pending' END, "next_attempt_at" = CASE WHEN d."payment_method" = 'cash' THEN NULL ELSE now() END FROM "deliveries" d WHERE d."id" = "payouts"."delivery_id";--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_one_job" CHECK (("payouts"."order_id" is null) <> ("payouts"."delivery_id" is null));