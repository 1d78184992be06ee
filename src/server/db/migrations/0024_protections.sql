CREATE TABLE "protection_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"protection_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_state" text NOT NULL,
	"state" text NOT NULL,
	"broker_protection_id" text,
	"quantity" integer NOT NULL,
	"stop" numeric(18, 4),
	"target" numeric(18, 4),
	"executed_leg" text,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "protections" (
	"id" serial PRIMARY KEY NOT NULL,
	"trabot_trade_id" integer NOT NULL,
	"trabot_account_id" integer NOT NULL,
	"broker" text NOT NULL,
	"kind" text,
	"broker_protection_id" text,
	"quantity" integer DEFAULT 0 NOT NULL,
	"stop" numeric(18, 4),
	"stop_limit" numeric(18, 4),
	"target" numeric(18, 4),
	"state" text DEFAULT 'placing' NOT NULL,
	"executed_leg" text,
	"exit_leg_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protections_state_check" CHECK ("protections"."state" in ('placing', 'active', 'modifying', 'cancelling', 'cancelled', 'triggered', 'done', 'rejected', 'expired', 'disabled')),
	CONSTRAINT "protections_kind_check" CHECK ("protections"."kind" is null or "protections"."kind" in ('oco', 'orders')),
	CONSTRAINT "protections_quantity_check" CHECK ("protections"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_legs" DROP CONSTRAINT "order_legs_source_check";--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_protection_id_protections_id_fk" FOREIGN KEY ("protection_id") REFERENCES "public"."protections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protections" ADD CONSTRAINT "protections_trabot_trade_id_trades_trabot_trade_id_fk" FOREIGN KEY ("trabot_trade_id") REFERENCES "public"."trades"("trabot_trade_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protections" ADD CONSTRAINT "protections_trabot_account_id_accounts_trabot_account_id_fk" FOREIGN KEY ("trabot_account_id") REFERENCES "public"."accounts"("trabot_account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protections" ADD CONSTRAINT "protections_exit_leg_id_order_legs_id_fk" FOREIGN KEY ("exit_leg_id") REFERENCES "public"."order_legs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_events_protection_idx" ON "protection_events" USING btree ("protection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "protections_trade_uq" ON "protections" USING btree ("trabot_trade_id");--> statement-breakpoint
CREATE INDEX "protections_state_idx" ON "protections" USING btree ("state");--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_source_check" CHECK ("order_legs"."source" in ('signal', 'target', 'stop_loss', 'square_off', 'manual', 'protection'));