CREATE TABLE "broker_logins" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"broker" text NOT NULL,
	"return_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "broker_session_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "broker_session_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "broker_funds_available" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "broker_logins" ADD CONSTRAINT "broker_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_logins" ADD CONSTRAINT "broker_logins_account_id_accounts_trabot_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("trabot_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broker_logins_state_idx" ON "broker_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "broker_logins_expires_idx" ON "broker_logins" USING btree ("expires_at");