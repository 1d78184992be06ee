ALTER TABLE "trades" ADD COLUMN "ltp_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "ltp_stale" boolean DEFAULT false NOT NULL;