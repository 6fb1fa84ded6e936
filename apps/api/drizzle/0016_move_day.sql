CREATE TABLE "job_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"description" text NOT NULL,
	"quantity" smallint DEFAULT 1 NOT NULL,
	"amount" integer NOT NULL,
	"equipment_uuid" varchar(36),
	"photo_id" integer,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"decided_on" varchar(10),
	"created_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_crew_times" (
	"order_id" integer NOT NULL,
	"crew_id" integer NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_crew_times_order_id_crew_id_pk" PRIMARY KEY("order_id","crew_id")
);
--> statement-breakpoint
CREATE TABLE "job_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"type" varchar(12) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"device_at" timestamp with time zone,
	"corrected" integer DEFAULT 0 NOT NULL,
	"eta_minutes" smallint,
	"actor_user_id" integer,
	"idempotency_key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"phase" varchar(8) NOT NULL,
	"path" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_jobs" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"last_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signature" text,
	"work_order" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" varchar(12),
	"disputed_at" timestamp with time zone,
	"dispute_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "on_my_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "eta_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "pickup_photo" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "dropoff_photo" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "final_price" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_status" varchar(16);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_ref" varchar(255);--> statement-breakpoint
ALTER TABLE "job_changes" ADD CONSTRAINT "job_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_changes" ADD CONSTRAINT "job_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_crew_times" ADD CONSTRAINT "job_crew_times_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_crew_times" ADD CONSTRAINT "job_crew_times_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_events" ADD CONSTRAINT "job_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_events" ADD CONSTRAINT "job_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_jobs" ADD CONSTRAINT "order_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_changes_order_idx" ON "job_changes" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "job_crew_times_crew_idx" ON "job_crew_times" USING btree ("crew_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_events_key_unique" ON "job_events" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "job_events_one_finish" ON "job_events" USING btree ("order_id") WHERE "job_events"."type" = 'finish';--> statement-breakpoint
CREATE INDEX "job_events_order_idx" ON "job_events" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE INDEX "job_photos_order_idx" ON "job_photos" USING btree ("order_id","id");