CREATE SEQUENCE "public"."account_trade_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "account_trade_versions" (
	"trabot_account_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_trade_versions" ADD CONSTRAINT "account_trade_versions_trabot_account_id_accounts_trabot_account_id_fk" FOREIGN KEY ("trabot_account_id") REFERENCES "public"."accounts"("trabot_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below: the triggers that keep account_trade_versions current for every writer.
CREATE FUNCTION "bump_account_trade_version"(account_id integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "account_trade_versions" ("trabot_account_id", "version")
	VALUES (account_id, nextval('account_trade_version_seq'))
	ON CONFLICT ("trabot_account_id") DO UPDATE SET "version" = excluded."version"
$$;
--> statement-breakpoint
CREATE FUNCTION "trades_bump_account_trade_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM "bump_account_trade_version"(OLD."trabot_account_id");
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."trabot_account_id" <> OLD."trabot_account_id") THEN
		PERFORM "bump_account_trade_version"(NEW."trabot_account_id");
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Entries and exits: the account of their trade (a trade deleted in the same statement bumped it already).
CREATE FUNCTION "trade_legs_bump_account_trade_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "bump_account_trade_version"(t."trabot_account_id")
	FROM "trades" t
	WHERE t."trabot_trade_id" IN (
		CASE WHEN TG_OP <> 'INSERT' THEN OLD."trabot_trade_id" END,
		CASE WHEN TG_OP <> 'DELETE' THEN NEW."trabot_trade_id" END
	);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "bump_every_account_trade_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "account_trade_versions" SET "version" = nextval('account_trade_version_seq');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "trades_account_trade_version" AFTER INSERT OR UPDATE OR DELETE ON "trades"
	FOR EACH ROW EXECUTE FUNCTION "trades_bump_account_trade_version"();
--> statement-breakpoint
CREATE TRIGGER "trade_entries_account_trade_version" AFTER INSERT OR UPDATE OR DELETE ON "trade_entries"
	FOR EACH ROW EXECUTE FUNCTION "trade_legs_bump_account_trade_version"();
--> statement-breakpoint
CREATE TRIGGER "trade_exits_account_trade_version" AFTER INSERT OR UPDATE OR DELETE ON "trade_exits"
	FOR EACH ROW EXECUTE FUNCTION "trade_legs_bump_account_trade_version"();
--> statement-breakpoint
CREATE TRIGGER "trades_truncate_account_trade_version" AFTER TRUNCATE ON "trades"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_account_trade_version"();
--> statement-breakpoint
CREATE TRIGGER "trade_entries_truncate_account_trade_version" AFTER TRUNCATE ON "trade_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_account_trade_version"();
--> statement-breakpoint
CREATE TRIGGER "trade_exits_truncate_account_trade_version" AFTER TRUNCATE ON "trade_exits"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_account_trade_version"();
--> statement-breakpoint
-- Accounts that exist now start with a version, so even a TRUNCATE changes theirs.
INSERT INTO "account_trade_versions" ("trabot_account_id", "version")
SELECT "trabot_account_id", nextval('account_trade_version_seq') FROM "accounts";
