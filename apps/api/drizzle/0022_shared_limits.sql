CREATE TABLE "known_addresses" (
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_addresses_email_ip_pk" PRIMARY KEY("email","ip")
);
--> statement-breakpoint
CREATE TABLE "limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "known_addresses_last_sign_in_idx" ON "known_addresses" USING btree ("last_sign_in_at");--> statement-breakpoint
CREATE INDEX "limit_counters_expires_at_idx" ON "limit_counters" USING btree ("expires_at");