ALTER TABLE "mail_outbox" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_token_uq" ON "mail_outbox" USING btree ("token_hash");--> statement-breakpoint
-- hand-written
-- Registrations made before confirmation existed: one whose joining link already went out (or was
-- handed to SMTP) counts as confirmed then; the others get a confirmation mail from the schedule.
UPDATE "workshop_registrations" AS r SET "confirmed_at" = coalesce(o."sent_at", o."created_at")
  FROM "mail_outbox" AS o
  WHERE o."workshop_registration_id" = r."id" AND o."kind" = 'workshop_link' AND o."status" IN ('sent', 'sending');
