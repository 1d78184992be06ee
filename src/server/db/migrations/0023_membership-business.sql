CREATE TABLE "invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"workshop_registration_id" integer,
	"trabot_client_id" integer,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sending', 'sent', 'failed', 'off'))
);
--> statement-breakpoint
CREATE TABLE "membership_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"trabot_client_id" integer,
	"enquiry_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" integer,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trabot_client_id" integer NOT NULL,
	"month" text NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"razorpay_payment_link_id" text,
	"invoice_number" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"recorded_by" integer
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"trabot_client_id" integer NOT NULL,
	"month" text NOT NULL,
	"razorpay_link_id" text NOT NULL,
	"short_url" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "razorpay_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "application_status" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "trabot_client_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "membership_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "paid_until" date;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "fee_currency" text DEFAULT 'INR' NOT NULL;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "joining_link" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_workshop_registration_id_workshop_registrations_id_fk" FOREIGN KEY ("workshop_registration_id") REFERENCES "public"."workshop_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_trabot_client_id_members_trabot_client_id_fk" FOREIGN KEY ("trabot_client_id") REFERENCES "public"."members"("trabot_client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_trabot_client_id_members_trabot_client_id_fk" FOREIGN KEY ("trabot_client_id") REFERENCES "public"."members"("trabot_client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_trabot_client_id_members_trabot_client_id_fk" FOREIGN KEY ("trabot_client_id") REFERENCES "public"."members"("trabot_client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_payments" ADD CONSTRAINT "membership_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_trabot_client_id_members_trabot_client_id_fk" FOREIGN KEY ("trabot_client_id") REFERENCES "public"."members"("trabot_client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_uq" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_registration_idx" ON "mail_outbox" USING btree ("workshop_registration_id");--> statement-breakpoint
CREATE INDEX "membership_events_member_idx" ON "membership_events" USING btree ("trabot_client_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_member_month_uq" ON "membership_payments" USING btree ("trabot_client_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_payments_invoice_uq" ON "membership_payments" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_member_month_uq" ON "payment_links" USING btree ("trabot_client_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_razorpay_uq" ON "payment_links" USING btree ("razorpay_link_id");--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_trabot_client_id_members_trabot_client_id_fk" FOREIGN KEY ("trabot_client_id") REFERENCES "public"."members"("trabot_client_id") ON DELETE set null ON UPDATE no action;