-- Session revocation over LISTEN/NOTIFY (server/http/session-cache.ts, docs/decisions/0024):
-- every instance caches resolved sessions for a short while and drops a user's entries when this
-- channel names them. A session deleted (sign-out, password change or reset, revoke, account
-- deletion) or changed other than being extended, and any change to its user, notifies on commit.
CREATE OR REPLACE FUNCTION buildza_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.token = OLD.token AND NEW.user_id = OLD.user_id AND NEW.expires_at >= OLD.expires_at THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('buildza_sessions', OLD.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buildza_session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('buildza_sessions', OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION buildza_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION buildza_session_user_changed();
