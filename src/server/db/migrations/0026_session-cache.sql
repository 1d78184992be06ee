-- hand-written
-- The embedded database's session cache (auth/session-cache.ts) hears of every write that could end
-- a session, change its user or move an account's trades version, from the database itself: these
-- triggers notify channel trabot_cache, and only when this session LISTENs to it (PGlite, whose one
-- session serves every request). On PostgreSQL nobody listens in the writer's session: nothing is sent.
CREATE FUNCTION "notify_session_cache"(payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF 'trabot_cache' = ANY (ARRAY(SELECT pg_listening_channels())) THEN
		PERFORM pg_notify('trabot_cache', payload);
	END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "sessions_notify_cache"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "notify_session_cache"('s:' || OLD."token_hash");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "users_notify_cache"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "notify_session_cache"('u:' || OLD."id");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "account_trade_versions_notify_cache"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM "notify_session_cache"('d:' || OLD."trabot_account_id");
	ELSE
		PERFORM "notify_session_cache"('v:' || NEW."trabot_account_id" || ':' || NEW."version");
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_session_cache_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "notify_session_cache"('*');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_cache_delete" AFTER DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION "sessions_notify_cache"();
--> statement-breakpoint
-- Every change but the touch (last_seen_at moving forward), which only lengthens a session.
CREATE TRIGGER "sessions_cache_update" AFTER UPDATE ON "sessions"
	FOR EACH ROW WHEN (
		OLD."token_hash" IS DISTINCT FROM NEW."token_hash"
		OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
		OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"
		OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
		OR NEW."last_seen_at" < OLD."last_seen_at"
	) EXECUTE FUNCTION "sessions_notify_cache"();
--> statement-breakpoint
CREATE TRIGGER "sessions_cache_truncate" AFTER TRUNCATE ON "sessions"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_cache_all"();
--> statement-breakpoint
CREATE TRIGGER "users_cache_update" AFTER UPDATE ON "users"
	FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "users_notify_cache"();
--> statement-breakpoint
CREATE TRIGGER "users_cache_delete" AFTER DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "users_notify_cache"();
--> statement-breakpoint
CREATE TRIGGER "users_cache_truncate" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_cache_all"();
--> statement-breakpoint
CREATE TRIGGER "account_trade_versions_cache" AFTER INSERT OR UPDATE OR DELETE ON "account_trade_versions"
	FOR EACH ROW EXECUTE FUNCTION "account_trade_versions_notify_cache"();
--> statement-breakpoint
CREATE TRIGGER "account_trade_versions_cache_truncate" AFTER TRUNCATE ON "account_trade_versions"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_cache_all"();
