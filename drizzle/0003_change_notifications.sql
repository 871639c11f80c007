-- Each instance keeps a few answers in memory (who a session cookie belongs to, the agents'
-- first page of chats) and forgets them when this channel says the tables behind them changed.
-- Statement-level, so a bulk change is one notification; PostgreSQL delivers it at commit and
-- folds identical ones within a transaction (a chat message is one 'chats', however many rows).
CREATE FUNCTION agentchat_notify_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('agentchat_changes', TG_ARGV[0]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Names, roles, activation, bans: who a session is and what the chat list shows of them.
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION agentchat_notify_change('users');
--> statement-breakpoint
-- A session that ends (logout, deactivation, pruning). Touching last_seen_at is not a change.
CREATE TRIGGER auth_sessions_ended AFTER DELETE OR TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION agentchat_notify_change('auth');
--> statement-breakpoint
CREATE TRIGGER auth_sessions_changed AFTER UPDATE OF token_hash, user_id, expires_at ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION agentchat_notify_change('auth');
--> statement-breakpoint
CREATE TRIGGER chat_sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON chat_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION agentchat_notify_change('chats');
--> statement-breakpoint
CREATE TRIGGER messages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION agentchat_notify_change('chats');
