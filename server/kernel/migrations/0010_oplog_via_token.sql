-- Developer tokens (decision 0058): every call made with a token is in the operation log, marked with the token's id
-- (never the token) so an auditor tells a script's calls from the member's own.
alter table oplog add column via_token text;
