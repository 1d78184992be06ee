ALTER TABLE "trades" ADD COLUMN "updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL;--> statement-breakpoint
-- hand-written
-- updated_at moves when what an admin's edit rests on changes (not on the price of every tick), in
-- whole milliseconds (what the API shows) and strictly forward, so two writes in one millisecond
-- still differ. The WHEN clause keeps the price updates of every tick from calling the function.
CREATE FUNCTION "trades_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := greatest(date_trunc('milliseconds', clock_timestamp()), OLD.updated_at + interval '1 millisecond');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "trades_touch_updated_at" BEFORE UPDATE ON "trades" FOR EACH ROW
  WHEN ((NEW.trade_status, NEW.trade_quantity, NEW.remaining_quantity, NEW.avg_entry_price, NEW.avg_exit_price, NEW.trade_date, NEW.trade_type, NEW.broker_trade_number, NEW.stoploss_trade_number)
        IS DISTINCT FROM (OLD.trade_status, OLD.trade_quantity, OLD.remaining_quantity, OLD.avg_entry_price, OLD.avg_exit_price, OLD.trade_date, OLD.trade_type, OLD.broker_trade_number, OLD.stoploss_trade_number))
  EXECUTE FUNCTION "trades_touch_updated_at"();
