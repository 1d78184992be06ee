CREATE TABLE "accounts" (
	"trabot_account_id" serial PRIMARY KEY NOT NULL,
	"trabot_client_id" integer NOT NULL,
	"account_status" text DEFAULT 'active' NOT NULL,
	"broker_name" text DEFAULT 'none' NOT NULL,
	"broker_client_id" text DEFAULT '' NOT NULL,
	"broker_access_key_enc" text,
	"access_key_valid" boolean DEFAULT false NOT NULL,
	"access_key_updated_timestamp" timestamp with time zone,
	"equity_amount_balance" numeric(18, 4) DEFAULT 0 NOT NULL,
	"commodity_amount_balance" numeric(18, 4) DEFAULT 0 NOT NULL,
	"currency_amount_balance" numeric(18, 4) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algo_subscriptions" (
	"row_id" serial PRIMARY KEY NOT NULL,
	"algo_id" integer NOT NULL,
	"trabot_account_id" integer NOT NULL,
	"max_total_capital" numeric(18, 4) NOT NULL,
	"risk_percent_pertrade" numeric(18, 4) NOT NULL,
	"max_percent_allocation_pertrade" numeric(18, 4) NOT NULL,
	"min_percent_allocation_pertrade" numeric(18, 4) NOT NULL,
	"min_required_risk_reward" numeric(18, 4) NOT NULL,
	"subscription_status" text DEFAULT 'active' NOT NULL,
	"max_acceptable_loss" numeric(18, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algos" (
	"algo_id" serial PRIMARY KEY NOT NULL,
	"algo_desc" text NOT NULL,
	"algo_switch" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"trabot_client_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone_no" text DEFAULT '' NOT NULL,
	"email_id" text DEFAULT '' NOT NULL,
	"activation_date" date,
	"expiry_date" date,
	"last_updated_timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signals" (
	"signal_id" serial PRIMARY KEY NOT NULL,
	"algo_id" integer NOT NULL,
	"exchange" text DEFAULT 'NSE' NOT NULL,
	"instrument_symbol" text NOT NULL,
	"instrument_type" text NOT NULL,
	"trade_type" text NOT NULL,
	"trade_direction" text NOT NULL,
	"trade_gen_ts" timestamp with time zone,
	"entry_level" numeric(18, 4) NOT NULL,
	"stop_loss_level" numeric(18, 4) NOT NULL,
	"target_level" numeric(18, 4) NOT NULL,
	"trade_status" text DEFAULT 'pending' NOT NULL,
	"algo_process_ind" boolean DEFAULT false NOT NULL,
	"portion_in_trade" numeric(6, 2) DEFAULT 100 NOT NULL,
	"ltp" numeric(18, 4),
	"max_fav_excursion" numeric(18, 4),
	"max_adv_excursion" numeric(18, 4),
	"ltp_timestamp" timestamp with time zone,
	"risk_reward" numeric(12, 4)
);
--> statement-breakpoint
CREATE TABLE "trade_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"trabot_trade_id" integer NOT NULL,
	"trade_entry_sequence" integer NOT NULL,
	"trade_entry_quantity" integer NOT NULL,
	"trade_entry_price" numeric(18, 4) NOT NULL,
	"trade_entry_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" text,
	"exchange_order_id" text,
	"sebi_tax" numeric(18, 4),
	"stt" numeric(18, 4),
	"brokerage_charges" numeric(18, 4),
	"service_tax" numeric(18, 4),
	"exchange_transaction_charges" numeric(18, 4),
	"stamp_duty" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "trade_exits" (
	"id" serial PRIMARY KEY NOT NULL,
	"trabot_trade_id" integer NOT NULL,
	"trade_exit_sequence" integer NOT NULL,
	"trade_exit_quantity" integer NOT NULL,
	"trade_exit_price" numeric(18, 4) NOT NULL,
	"trade_exit_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" text,
	"exchange_order_id" text,
	"sebi_tax" numeric(18, 4),
	"stt" numeric(18, 4),
	"brokerage_charges" numeric(18, 4),
	"service_tax" numeric(18, 4),
	"exchange_transaction_charges" numeric(18, 4),
	"stamp_duty" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"trabot_trade_id" serial PRIMARY KEY NOT NULL,
	"trade_type" text NOT NULL,
	"trabot_account_id" integer NOT NULL,
	"signal_id" integer,
	"algo_id" integer,
	"last_updated_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"avg_entry_price" numeric(18, 4),
	"avg_exit_price" numeric(18, 4),
	"trade_exchange" text DEFAULT 'NSE' NOT NULL,
	"trade_instrument" text NOT NULL,
	"trade_date" date NOT NULL,
	"trade_status" text DEFAULT 'pending' NOT NULL,
	"trade_quantity" integer NOT NULL,
	"trade_direction" text NOT NULL,
	"current_mtm" numeric(18, 4),
	"trade_risk" numeric(18, 4),
	"broker_trade_number" text,
	"stoploss_trade_number" text,
	"remaining_quantity" integer,
	"ltp" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "used_captchas" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"member_id" integer,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_trabot_client_id_members_trabot_client_id_fk" FOREIGN KEY ("trabot_client_id") REFERENCES "public"."members"("trabot_client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algo_subscriptions" ADD CONSTRAINT "algo_subscriptions_algo_id_algos_algo_id_fk" FOREIGN KEY ("algo_id") REFERENCES "public"."algos"("algo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algo_subscriptions" ADD CONSTRAINT "algo_subscriptions_trabot_account_id_accounts_trabot_account_id_fk" FOREIGN KEY ("trabot_account_id") REFERENCES "public"."accounts"("trabot_account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_algo_id_algos_algo_id_fk" FOREIGN KEY ("algo_id") REFERENCES "public"."algos"("algo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_entries" ADD CONSTRAINT "trade_entries_trabot_trade_id_trades_trabot_trade_id_fk" FOREIGN KEY ("trabot_trade_id") REFERENCES "public"."trades"("trabot_trade_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_exits" ADD CONSTRAINT "trade_exits_trabot_trade_id_trades_trabot_trade_id_fk" FOREIGN KEY ("trabot_trade_id") REFERENCES "public"."trades"("trabot_trade_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_trabot_account_id_accounts_trabot_account_id_fk" FOREIGN KEY ("trabot_account_id") REFERENCES "public"."accounts"("trabot_account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_signal_id_signals_signal_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."signals"("signal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_algo_id_algos_algo_id_fk" FOREIGN KEY ("algo_id") REFERENCES "public"."algos"("algo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_member_id_members_trabot_client_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("trabot_client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_trabot_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("trabot_account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_client_idx" ON "accounts" USING btree ("trabot_client_id");--> statement-breakpoint
CREATE INDEX "algo_subscriptions_account_idx" ON "algo_subscriptions" USING btree ("trabot_account_id");--> statement-breakpoint
CREATE INDEX "algo_subscriptions_algo_status_idx" ON "algo_subscriptions" USING btree ("algo_id","subscription_status");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "signals_algo_status_idx" ON "signals" USING btree ("algo_id","trade_status");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_entries_trade_seq_uq" ON "trade_entries" USING btree ("trabot_trade_id","trade_entry_sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_exits_trade_seq_uq" ON "trade_exits" USING btree ("trabot_trade_id","trade_exit_sequence");--> statement-breakpoint
CREATE INDEX "trades_account_status_idx" ON "trades" USING btree ("trabot_account_id","trade_status","trade_date");--> statement-breakpoint
CREATE INDEX "trades_signal_idx" ON "trades" USING btree ("signal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_signal_account_uq" ON "trades" USING btree ("signal_id","trabot_account_id") WHERE "trades"."signal_id" is not null;--> statement-breakpoint
CREATE INDEX "used_captchas_expires_idx" ON "used_captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_member_idx" ON "users" USING btree ("member_id");