-- Each instance keeps the users' push subscriptions in memory (an agent's reply asks whether its
-- customer has any, and most have none): other instances must forget them when one is saved,
-- replaced or removed, whoever writes it.
CREATE TRIGGER push_subscriptions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON push_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION agentchat_notify_change('push');
