CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"kinds" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_tokens" (
	"token_id" serial PRIMARY KEY NOT NULL,
	"algo_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "algos" ADD COLUMN "approval_mode" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "algos" ADD COLUMN "signal_validity_minutes" integer;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "webhook_token_id" integer;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "client_signal_id" text;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_tokens" ADD CONSTRAINT "webhook_tokens_algo_id_algos_algo_id_fk" FOREIGN KEY ("algo_id") REFERENCES "public"."algos"("algo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_tokens" ADD CONSTRAINT "webhook_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_tokens_hash_idx" ON "webhook_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "webhook_tokens_algo_idx" ON "webhook_tokens" USING btree ("algo_id","token_id");--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_webhook_token_id_webhook_tokens_token_id_fk" FOREIGN KEY ("webhook_token_id") REFERENCES "public"."webhook_tokens"("token_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signals_client_signal_id_idx" ON "signals" USING btree ("algo_id","client_signal_id") WHERE "signals"."client_signal_id" is not null;--> statement-breakpoint
ALTER TABLE "algos" ADD CONSTRAINT "algos_validity_check" CHECK ("algos"."signal_validity_minutes" is null or "algos"."signal_validity_minutes" between 1 and 10080);--> statement-breakpoint
-- updated_at moves when what a decision rests on changes (not on every price tick), in whole
-- milliseconds (what the API shows) and strictly forward, so two edits in one millisecond still differ.
CREATE FUNCTION "signals_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.updated_at := date_trunc('milliseconds', NEW.updated_at);
    RETURN NEW;
  END IF;
  IF (NEW.entry_level, NEW.stop_loss_level, NEW.target_level, NEW.trade_gen_ts, NEW.portion_in_trade, NEW.trade_status, NEW.algo_process_ind)
     IS DISTINCT FROM (OLD.entry_level, OLD.stop_loss_level, OLD.target_level, OLD.trade_gen_ts, OLD.portion_in_trade, OLD.trade_status, OLD.algo_process_ind) THEN
    NEW.updated_at := greatest(date_trunc('milliseconds', clock_timestamp()), OLD.updated_at + interval '1 millisecond');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "signals_touch_updated_at" BEFORE INSERT OR UPDATE ON "signals" FOR EACH ROW EXECUTE FUNCTION "signals_touch_updated_at"();--> statement-breakpoint
UPDATE "signals" SET "updated_at" = date_trunc('milliseconds', "updated_at"), "created_at" = date_trunc('milliseconds', "created_at");
