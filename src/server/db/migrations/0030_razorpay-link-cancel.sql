CREATE TABLE "refunds_due" (
	"id" serial PRIMARY KEY NOT NULL,
	"trabot_client_id" integer NOT NULL,
	"month" text NOT NULL,
	"razorpay_payment_id" text NOT NULL,
	"razorpay_link_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_due_razorpay_payment_id_unique" UNIQUE("razorpay_payment_id")
);
--> statement-breakpoint
DROP INDEX "payment_links_member_month_uq";--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "cancel_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "cancel_error" text;--> statement-breakpoint
ALTER TABLE "refunds_due" ADD CONSTRAINT "refunds_due_trabot_client_id_members_trabot_client_id_fk" FOREIGN KEY ("trabot_client_id") REFERENCES "public"."members"("trabot_client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_member_month_open_uq" ON "payment_links" USING btree ("trabot_client_id","month") WHERE "payment_links"."cancelled_at" is null;