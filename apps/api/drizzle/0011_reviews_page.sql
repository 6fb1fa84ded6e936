CREATE TABLE "review_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"order_id" integer,
	"invited_by" integer,
	"token_hash" varchar(64) NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "sender_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "delivery_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "invitation_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "sender_name" varchar(60);--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_invitations_branch_email_unique" ON "review_invitations" USING btree ("branch_id","email");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_invitation_id_review_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."review_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_delivery_side_unique" ON "reviews" USING btree ("delivery_id","sender_party") WHERE "reviews"."delivery_id" is not null;--> statement-breakpoint
CREATE INDEX "reviews_archivable_idx" ON "reviews" USING btree ("published_at") WHERE "reviews"."archived_at" is null and "reviews"."published_at" is not null;