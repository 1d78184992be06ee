CREATE TABLE "enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"form_html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_hash" text,
	"mail_status" text NOT NULL,
	CONSTRAINT "enquiries_type_check" CHECK ("enquiries"."type" in ('Research Enquiry', 'Portfolio Enquiry', 'Membership Interest')),
	CONSTRAINT "enquiries_mail_status_check" CHECK ("enquiries"."mail_status" in ('pending', 'sent', 'off', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "workshop_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"workshop_id" integer,
	"workshop_label" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_hash" text,
	"mail_status" text NOT NULL,
	CONSTRAINT "workshop_registrations_mail_status_check" CHECK ("workshop_registrations"."mail_status" in ('pending', 'sent', 'off', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "workshops" (
	"workshop_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"workshop_date" date NOT NULL,
	"time_label" text DEFAULT '10:00AM IST' NOT NULL,
	"level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshops_level_check" CHECK ("workshops"."level" in ('Beginner', 'Intermediate'))
);
--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD CONSTRAINT "workshop_registrations_workshop_id_workshops_workshop_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("workshop_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "workshop_registrations_created_idx" ON "workshop_registrations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "workshop_registrations_workshop_idx" ON "workshop_registrations" USING btree ("workshop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workshops_title_date_uq" ON "workshops" USING btree ("title","workshop_date");