-- Image messages now carry `attachment.thumbnailUrl` (ADR 009). Realtime events recorded before
-- it have none, and a client resuming past one would refuse the event as malformed and miss the
-- message. Give them the address the server now serves; for an image stored before thumbnails
-- existed, it answers with the image itself.
UPDATE realtime_events
SET payload = jsonb_set(
  payload,
  '{message,attachment,thumbnailUrl}',
  to_jsonb((payload #>> '{message,attachment,url}') || '/thumbnail')
)
WHERE type = 'message.created'
  AND jsonb_typeof(payload #> '{message,attachment}') = 'object'
  AND NOT (payload #> '{message,attachment}') ? 'thumbnailUrl';
