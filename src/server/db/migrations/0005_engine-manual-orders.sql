CREATE TABLE "manual_order_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"manual_order_id" integer NOT NULL,
	"trabot_account_id" integer NOT NULL,
	"trabot_trade_id" integer NOT NULL,
	"broker_order_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_order_legs_state_check" CHECK ("manual_order_legs"."state" in ('open', 'filled', 'cancelled', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "manual_orders" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "manual_order_legs" ADD CONSTRAINT "manual_order_legs_manual_order_id_manual_orders_id_fk" FOREIGN KEY ("manual_order_id") REFERENCES "public"."manual_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_order_legs" ADD CONSTRAINT "manual_order_legs_trabot_account_id_accounts_trabot_account_id_fk" FOREIGN KEY ("trabot_account_id") REFERENCES "public"."accounts"("trabot_account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_order_legs" ADD CONSTRAINT "manual_order_legs_trabot_trade_id_trades_trabot_trade_id_fk" FOREIGN KEY ("trabot_trade_id") REFERENCES "public"."trades"("trabot_trade_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manual_order_legs_order_account_uq" ON "manual_order_legs" USING btree ("manual_order_id","trabot_account_id");--> statement-breakpoint
CREATE INDEX "manual_order_legs_state_idx" ON "manual_order_legs" USING btree ("state");--> statement-breakpoint
CREATE INDEX "manual_order_legs_trade_idx" ON "manual_order_legs" USING btree ("trabot_trade_id");