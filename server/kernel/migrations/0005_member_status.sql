-- Members (issue 12, decision 0037): a space administrator disables a member of THEIR space, not the account —
-- the same person may work in another space. The session store reads only active memberships, so a disabled
-- member's sessions in that space end at once and signing in cannot reach it.
alter table memberships add column status text not null default 'active' check (status in ('active', 'disabled'));

-- An invited account (added by an administrator or an import without a password) has no usable password until
-- its owner follows the invitation link; the link's token is stored hashed, like session tokens.
alter table users drop constraint users_status_check;
alter table users add constraint users_status_check check (status in ('active', 'disabled', 'invited'));
alter table users add column invite_token_hash text;
alter table users add column invite_expires_at timestamptz;
create unique index users_invite_token on users (invite_token_hash) where invite_token_hash is not null;

-- "Signed in within 30 days" (companyinfo/activeuser, the enterprise overview) is read from sessions per member.
create index sessions_user_created on sessions (user_id, created_at desc);
