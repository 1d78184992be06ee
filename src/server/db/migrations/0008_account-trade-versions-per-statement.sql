-- Custom SQL migration file, put your code below! --
-- The account trade versions of migration 0006, bumped once per statement instead of once per row:
-- the engine writes a thousand trades in one statement, and a row trigger cost as much as the write.
-- Transition tables name the rows a statement touched; each touched account gets one new version.
DROP TRIGGER "trades_account_trade_version" ON "trades";
--> statement-breakpoint
DROP TRIGGER "trade_entries_account_trade_version" ON "trade_entries";
--> statement-breakpoint
DROP TRIGGER "trade_exits_account_trade_version" ON "trade_exits";
--> statement-breakpoint
DROP FUNCTION "trades_bump_account_trade_version"();
--> statement-breakpoint
DROP FUNCTION "trade_legs_bump_account_trade_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_account_trade_versions"(account_ids integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "account_trade_versions" ("trabot_account_id", "version")
	SELECT id, nextval('account_trade_version_seq') FROM (SELECT DISTINCT unnest(account_ids) AS id) ids WHERE id IS NOT NULL
	ON CONFLICT ("trabot_account_id") DO UPDATE SET "version" = excluded."version"
$$;
--> statement-breakpoint
-- Trades: the accounts of the rows inserted, updated (before and after) or deleted.
CREATE FUNCTION "trades_bump_account_trade_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "bump_account_trade_versions"(ARRAY(SELECT "trabot_account_id" FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "bump_account_trade_versions"(ARRAY(SELECT "trabot_account_id" FROM old_rows));
	ELSE
		PERFORM "bump_account_trade_versions"(ARRAY(SELECT "trabot_account_id" FROM new_rows UNION SELECT "trabot_account_id" FROM old_rows));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Entries and exits: the accounts of their trades (a trade deleted in the same statement bumped it already).
CREATE FUNCTION "trade_legs_bump_account_trade_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "bump_account_trade_versions"(ARRAY(SELECT t."trabot_account_id" FROM "trades" t JOIN new_rows r USING ("trabot_trade_id")));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "bump_account_trade_versions"(ARRAY(SELECT t."trabot_account_id" FROM "trades" t JOIN old_rows r USING ("trabot_trade_id")));
	ELSE
		PERFORM "bump_account_trade_versions"(ARRAY(
			SELECT t."trabot_account_id" FROM "trades" t JOIN new_rows r USING ("trabot_trade_id")
			UNION SELECT t."trabot_account_id" FROM "trades" t JOIN old_rows r USING ("trabot_trade_id")));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "trades_insert_account_trade_versions" AFTER INSERT ON "trades"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trades_bump_account_trade_versions"();
--> statement-breakpoint
CREATE TRIGGER "trades_update_account_trade_versions" AFTER UPDATE ON "trades"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trades_bump_account_trade_versions"();
--> statement-breakpoint
CREATE TRIGGER "trades_delete_account_trade_versions" AFTER DELETE ON "trades"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "trades_bump_account_trade_versions"();
--> statement-breakpoint
CREATE TRIGGER "trade_entries_insert_account_trade_versions" AFTER INSERT ON "trade_entries"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trade_legs_bump_account_trade_versions"();
--> statement-breakpoint
CREATE TRIGGER "trade_entries_update_account_trade_versions" AFTER UPDATE ON "trade_entries"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trade_legs_bump_account_trade_versions"();
--> statement-breakpoint
CREATE TRIGGER "trade_entries_delete_account_trade_versions" AFTER DELETE ON "trade_entries"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "trade_legs_bump_account_trade_versions"();
--> statement-breakpoint
CREATE TRIGGER "trade_exits_insert_account_trade_versions" AFTER INSERT ON "trade_exits"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trade_legs_bump_account_trade_versions"();
--> statement-breakpoint
CREATE TRIGGER "trade_exits_update_account_trade_versions" AFTER UPDATE ON "trade_exits"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trade_legs_bump_account_trade_versions"();
--> statement-breakpoint
CREATE TRIGGER "trade_exits_delete_account_trade_versions" AFTER DELETE ON "trade_exits"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "trade_legs_bump_account_trade_versions"();
