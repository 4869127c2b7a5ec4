import { Alert, Button, Link, List, Modal, Space, Typography } from '@arco-design/web-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberApiLink, uploadMembers, type ImportResult } from './member-api.ts';

/**
 * Member import: download the template, choose an xlsx or csv, and read the outcome — how many were added, the
 * first reasons for refused rows and the failure file (the refused rows as they were, with a reason column) to fix
 * and import again. Imported members are invited; the list offers each one's link.
 */
export function MemberImportModal(props: { spaceUri: string; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const answer = await uploadMembers(props.spaceUri, file, t('common.uploadError'));
      setResult(answer);
      if (answer.imported) props.onImported();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Modal visible title={t('org.members.import')} onCancel={props.onClose} footer={<Button onClick={props.onClose}>{t('common.close')}</Button>} data-testid="member-import">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{t('org.members.importHint')}</Typography.Paragraph>
        <Link href={memberApiLink(props.spaceUri, '/api/org/members/import-template')} data-testid="member-template">{t('org.members.template')}</Link>
        <input ref={input} type="file" accept=".xlsx,.csv" hidden onChange={(e) => void upload(e.target.files?.[0])} data-testid="member-import-file" aria-label={t('org.members.chooseFile')} />
        <Button type="primary" loading={busy} onClick={() => input.current?.click()}>{t('org.members.chooseFile')}</Button>
        {error && <Alert type="error" content={error} data-testid="member-import-error" />}
        {result && (
          <>
            <Alert type={result.failed ? 'warning' : 'success'} data-testid="member-import-result"
              content={t('org.members.importDone', { total: result.total, imported: result.imported, failed: result.failed })} />
            {result.failed > 0 && (
              <>
                <List size="small" dataSource={result.reasons} render={(r) => <List.Item key={r.line}>{r.reason}</List.Item>} />
                <Link href={memberApiLink(props.spaceUri, `/api/org/member-imports/${result.id}/failures`)} data-testid="member-import-failures">{t('org.members.failureFile')}</Link>
              </>
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
