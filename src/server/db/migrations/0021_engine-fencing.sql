CREATE TABLE "engine_leadership" (
	"id" integer PRIMARY KEY NOT NULL,
	"epoch" integer DEFAULT 0 NOT NULL,
	"holder" text,
	"taken_at" timestamp with time zone,
	CONSTRAINT "engine_leadership_single_row" CHECK ("engine_leadership"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "trade_entries" ADD COLUMN "order_leg_id" integer;--> statement-breakpoint
ALTER TABLE "trade_exits" ADD COLUMN "order_leg_id" integer;--> statement-breakpoint
ALTER TABLE "trade_entries" ADD CONSTRAINT "trade_entries_order_leg_id_order_legs_id_fk" FOREIGN KEY ("order_leg_id") REFERENCES "public"."order_legs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_exits" ADD CONSTRAINT "trade_exits_order_leg_id_order_legs_id_fk" FOREIGN KEY ("order_leg_id") REFERENCES "public"."order_legs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_entries_order_leg_uq" ON "trade_entries" USING btree ("order_leg_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_exits_order_leg_uq" ON "trade_exits" USING btree ("order_leg_id");--> statement-breakpoint
-- hand-written
-- The one row of the engine's leadership: its epoch starts at 0 and goes up with each new leader.
INSERT INTO "engine_leadership" ("id", "epoch") VALUES (1, 0) ON CONFLICT DO NOTHING;
