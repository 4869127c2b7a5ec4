import { Button, Input, Space, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX_WORDS, countWords } from '../../../../shared/developer/word-count.ts';

/**
 * The application form: a reason of 1 to 20 words, counted as the server counts them (shared/developer/word-count.ts),
 * so the counter and the server's 422 never disagree.
 */
export function ApplyForm({ reset, onSubmit }: { reset: boolean; onSubmit: (reason: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const words = countWords(reason);
  const tooLong = words > REASON_MAX_WORDS;
  const submit = async () => {
    setBusy(true);
    if (await onSubmit(reason)) setReason('');
    setBusy(false);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="developer-apply">
      <Typography.Text bold>{t(reset ? 'account.developer.resetTitle' : 'account.developer.applyTitle')}</Typography.Text>
      {reset && <Typography.Text type="secondary">{t('account.developer.resetHint')}</Typography.Text>}
      <Input.TextArea
        value={reason}
        onChange={setReason}
        maxLength={400}
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder={t('account.developer.reasonPlaceholder')}
        aria-label={t('account.developer.reason')}
        data-testid="developer-reason"
      />
      <Typography.Text type={tooLong ? 'error' : 'secondary'} data-testid="developer-word-count">
        {t('account.developer.wordCount', { words, max: REASON_MAX_WORDS })}
      </Typography.Text>
      <Button type="primary" loading={busy} disabled={words === 0 || tooLong} onClick={submit} data-testid="developer-submit">
        {t(reset ? 'account.developer.resetSubmit' : 'account.developer.applySubmit')}
      </Button>
    </Space>
  );
}
