ALTER TABLE "push_subscriptions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- hand-written
-- Devices subscribed before this column: their last known use is when they subscribed.
UPDATE "push_subscriptions" SET "last_seen_at" = "created_at";
