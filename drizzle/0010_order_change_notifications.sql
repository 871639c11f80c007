-- The agents' first page of chats shows each chat's order waiting on the desk (orderWaiting):
-- an order's new state changes that page, so other instances must forget it as they do for a
-- chat's own change.
CREATE TRIGGER orders_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION agentchat_notify_change('chats');
