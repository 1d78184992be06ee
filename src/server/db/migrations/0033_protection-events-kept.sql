ALTER TABLE "protection_events" DROP CONSTRAINT "protection_events_protection_id_protections_id_fk";
