-- Verification codes in the operator's send log (decision 0101): the log now keeps them masked, and the codes texted
-- before this version are masked here, in both languages' wording of `accountSecurity.codeText`.
update sms_send_log
  set text = regexp_replace(text, '(您的验证码是 |verification code is )[0-9]{6}', '\1******', 'g')
  where template_code = 'notice' and text ~ '(您的验证码是 |verification code is )[0-9]{6}';
