-- Every instance keeps resolved sessions in memory (auth/session-cache.ts) and forgets them at
-- the commit of anything that ends or changes them: these triggers NOTIFY `stoop_sessions` with
-- `s:<session id>` (a session updated or deleted: sign-out, refresh, expiry, a password reset)
-- or `u:<user id>` (a user's name, email, role or suspension changed, or the user deleted), and
-- '*' after a TRUNCATE. A NOTIFY is sent at commit, never on rollback.
CREATE FUNCTION stoop_sessions_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('stoop_sessions', '*');
  ELSE
    PERFORM pg_notify('stoop_sessions', 's:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION stoop_sessions_notify_session();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION stoop_sessions_notify_session();
--> statement-breakpoint
CREATE FUNCTION stoop_sessions_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('stoop_sessions', '*');
  ELSE
    PERFORM pg_notify('stoop_sessions', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Any column change: whatever a session carries about its user (or may carry later) is fresh.
CREATE TRIGGER users_notify_sessions AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION stoop_sessions_notify_user();
--> statement-breakpoint
CREATE TRIGGER users_notify_sessions_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION stoop_sessions_notify_user();
