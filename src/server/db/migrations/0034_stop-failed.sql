ALTER TABLE "protections" DROP CONSTRAINT "protections_state_check";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "stop_failed" text;--> statement-breakpoint
ALTER TABLE "protections" ADD CONSTRAINT "protections_state_check" CHECK ("protections"."state" in ('placing', 'active', 'modifying', 'cancelling', 'cancelled', 'triggered', 'done', 'rejected', 'expired', 'disabled', 'failed'));