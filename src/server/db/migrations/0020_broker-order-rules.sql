ALTER TABLE "accounts" ADD COLUMN "order_source" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "order_ip_refusal" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "order_ip_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "algos" ADD COLUMN "exchange_algo_id" text;