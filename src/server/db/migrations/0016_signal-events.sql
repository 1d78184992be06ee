CREATE TABLE "signal_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"signal_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"user_name" text,
	"details" jsonb,
	CONSTRAINT "signal_events_kind_check" CHECK ("signal_events"."kind" in ('received', 'approved', 'rejected', 'levels_changed', 'manual_entry', 'manual_exit', 'expired', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "signal_events" ADD CONSTRAINT "signal_events_signal_id_signals_signal_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."signals"("signal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_events" ADD CONSTRAINT "signal_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signal_events_signal_idx" ON "signal_events" USING btree ("signal_id","id");