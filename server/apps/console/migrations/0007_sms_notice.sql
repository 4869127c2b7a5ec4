-- The messages app's SMS channel and the account codes send through the operator's SMS accounts (decision 0089).
-- A send may name a key (the notice outbox row it delivers): a retry after a crash finds the message already sent
-- instead of sending it twice.
alter table sms_send_log add column send_key text check (char_length(send_key) <= 100);
create unique index sms_send_log_key on sms_send_log (send_key) where send_key is not null;

-- The template every platform text goes out with: the text itself, already in the member's language. A fresh
-- platform sends it through a development account that only writes the send log; the operator points the
-- template at a real provider's signature (`/sysop/smsplatform`) to reach phones.
insert into sms_account (name, kind) select '开发环境（只记日志）', 'sink' where not exists (select 1 from sms_template where code = 'notice');
insert into sms_signature (account_id, text)
  select a.id, 'QPaaS' from sms_account a where a.name = '开发环境（只记日志）' and not exists (select 1 from sms_template where code = 'notice');
insert into sms_template (code, signature_id, body)
  select 'notice', s.id, '<%text%>' from sms_signature s join sms_account a on a.id = s.account_id
  where a.name = '开发环境（只记日志）' and s.text = 'QPaaS' and not exists (select 1 from sms_template where code = 'notice');
