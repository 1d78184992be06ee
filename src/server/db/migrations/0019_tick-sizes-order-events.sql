CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"broker" text NOT NULL,
	"leg_id" integer NOT NULL,
	"trabot_trade_id" integer NOT NULL,
	"trabot_account_id" integer NOT NULL,
	"signal_id" integer,
	"manual_order_id" integer,
	"client_order_id" text NOT NULL,
	"broker_order_id" text,
	"exchange" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"product" text,
	"order_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"limit_price" numeric(18, 4),
	"trigger_price" numeric(18, 4),
	"state" text,
	"previous_state" text,
	"filled_quantity" integer,
	"average_price" numeric(18, 4),
	"message" text,
	CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('request', 'answer', 'status')),
	CONSTRAINT "order_events_action_check" CHECK ("order_events"."action" in ('place', 'modify', 'cancel', 'status'))
);
--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "tick_size" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "lot_size" integer;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "master_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_events_at_idx" ON "order_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "order_events_leg_idx" ON "order_events" USING btree ("leg_id","id");--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_tick_size_check" CHECK ("instruments"."tick_size" is null or "instruments"."tick_size" > 0);--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_lot_size_check" CHECK ("instruments"."lot_size" is null or "instruments"."lot_size" > 0);--> statement-breakpoint

-- hand-written
-- Order records are kept (SEBI: 5 years): order_events is append-only. Any UPDATE, DELETE or
-- TRUNCATE of it fails, whoever runs it; nothing in the application prunes it.
CREATE FUNCTION "order_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_events_no_update_delete" BEFORE UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION "order_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "order_events_no_truncate" BEFORE TRUNCATE ON "order_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_events_append_only"();
