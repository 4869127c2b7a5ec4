-- An Idempotency-Key is bound to what it was first used for: the space, the route (method and path) and a
-- SHA-256 of the request body. The same key with anything else is refused instead of replaying an answer that
-- belongs to another request. Keys stored before this migration have no binding and keep replaying as before.
alter table idempotency_keys add column bound_space text; -- not `space_id`: keys belong to a user, not to a space (no RLS)
alter table idempotency_keys add column body_hash text;
