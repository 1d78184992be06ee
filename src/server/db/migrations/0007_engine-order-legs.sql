CREATE TABLE "order_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trabot_trade_id" integer NOT NULL,
	"trabot_account_id" integer NOT NULL,
	"side" text NOT NULL,
	"source" text NOT NULL,
	"manual_order_id" integer,
	"client_order_id" text GENERATED ALWAYS AS ('TB' || trabot_trade_id || 'L' || id) STORED NOT NULL,
	"order_type" text DEFAULT 'market' NOT NULL,
	"quantity" integer NOT NULL,
	"limit_price" numeric(18, 4),
	"trigger_price" numeric(18, 4),
	"state" text DEFAULT 'new' NOT NULL,
	"broker_order_id" text,
	"filled_quantity" integer DEFAULT 0 NOT NULL,
	"average_price" numeric(18, 4),
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_legs_state_check" CHECK ("order_legs"."state" in ('new', 'sending', 'open', 'filled', 'cancelled', 'rejected')),
	CONSTRAINT "order_legs_side_check" CHECK ("order_legs"."side" in ('entry', 'exit')),
	CONSTRAINT "order_legs_source_check" CHECK ("order_legs"."source" in ('signal', 'target', 'stop_loss', 'square_off', 'manual')),
	CONSTRAINT "order_legs_quantity_check" CHECK ("order_legs"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "status_note" text;--> statement-breakpoint
ALTER TABLE "trade_entries" ADD COLUMN "dp_charges" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "trade_exits" ADD COLUMN "dp_charges" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_trabot_trade_id_trades_trabot_trade_id_fk" FOREIGN KEY ("trabot_trade_id") REFERENCES "public"."trades"("trabot_trade_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_trabot_account_id_accounts_trabot_account_id_fk" FOREIGN KEY ("trabot_account_id") REFERENCES "public"."accounts"("trabot_account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_manual_order_id_manual_orders_id_fk" FOREIGN KEY ("manual_order_id") REFERENCES "public"."manual_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_legs_client_order_id_uq" ON "order_legs" USING btree ("client_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_legs_manual_account_uq" ON "order_legs" USING btree ("manual_order_id","trabot_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_legs_signal_entry_uq" ON "order_legs" USING btree ("trabot_trade_id") WHERE "order_legs"."source" = 'signal';--> statement-breakpoint
CREATE UNIQUE INDEX "order_legs_open_exit_uq" ON "order_legs" USING btree ("trabot_trade_id") WHERE "order_legs"."source" in ('target', 'stop_loss', 'square_off') and "order_legs"."state" in ('new', 'sending', 'open');--> statement-breakpoint
CREATE INDEX "order_legs_state_idx" ON "order_legs" USING btree ("state");--> statement-breakpoint
CREATE INDEX "order_legs_trade_idx" ON "order_legs" USING btree ("trabot_trade_id");--> statement-breakpoint
CREATE INDEX "signals_status_idx" ON "signals" USING btree ("trade_status");--> statement-breakpoint
ALTER TABLE "algo_subscriptions" ADD CONSTRAINT "algo_subscriptions_sizing_check" CHECK ("algo_subscriptions"."max_total_capital" >= 0 and "algo_subscriptions"."risk_percent_pertrade" between 0 and 100
        and "algo_subscriptions"."max_percent_allocation_pertrade" between 0 and 100 and "algo_subscriptions"."min_percent_allocation_pertrade" between 0 and 100
        and "algo_subscriptions"."min_required_risk_reward" >= 0 and "algo_subscriptions"."max_acceptable_loss" >= 0);--> statement-breakpoint
ALTER TABLE "manual_orders" ADD CONSTRAINT "manual_orders_portion_check" CHECK ("manual_orders"."portion" > 0 and "manual_orders"."portion" <= 1);--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_portion_check" CHECK ("signals"."portion_in_trade" > 0 and "signals"."portion_in_trade" <= 100);;--> statement-breakpoint
-- Hand-written below: the legs of earlier versions move into order_legs before their table goes.
-- Manual orders' legs keep their state; an entry in flight of a signal's pending trade becomes its
-- signal leg (open when its order was placed, new when not), so the engine follows it up.
INSERT INTO "order_legs" ("trabot_trade_id", "trabot_account_id", "side", "source", "manual_order_id", "order_type", "quantity", "limit_price", "trigger_price", "state", "broker_order_id", "filled_quantity", "reason", "updated_at")
SELECT l."trabot_trade_id", l."trabot_account_id", o."side", 'manual', l."manual_order_id", o."order_type", l."quantity", o."limit_price", o."trigger_price", l."state", l."broker_order_id",
	CASE WHEN l."state" = 'filled' THEN l."quantity" ELSE 0 END, l."reason", l."updated_at"
FROM "manual_order_legs" l JOIN "manual_orders" o ON o."id" = l."manual_order_id";
--> statement-breakpoint
INSERT INTO "order_legs" ("trabot_trade_id", "trabot_account_id", "side", "source", "quantity", "state", "broker_order_id")
SELECT t."trabot_trade_id", t."trabot_account_id", 'entry', 'signal', t."trade_quantity",
	CASE WHEN t."broker_trade_number" IS NULL THEN 'new' ELSE 'open' END, t."broker_trade_number"
FROM "trades" t
WHERE t."trade_status" = 'pending' AND t."signal_id" IS NOT NULL AND t."trade_quantity" > 0
	AND NOT EXISTS (SELECT 1 FROM "order_legs" l WHERE l."trabot_trade_id" = t."trabot_trade_id");
--> statement-breakpoint
DROP TABLE "manual_order_legs";
