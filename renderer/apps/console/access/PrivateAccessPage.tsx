import { Alert, Button, Card, Descriptions, Empty, Input, Space, Tag } from '@arco-design/web-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LicenceState } from '../../../../shared/api/console-access.ts';
import { useServices } from '../../../shell/services.tsx';
import { useSubmit } from '../../../shell/use-submit.ts';
import type { PageProps } from '../../types.ts';
import { ACCESS_API, LoadError, when } from './access-api.ts';
import { useLoad } from '../../../shell/use-load.ts';

/**
 * `/privateaccess` (decision 0082): the private-deployment licence in force, what is used against its limits, and
 * root's upload of a new signed licence file (chosen from disk or pasted). A refused file changes nothing.
 */
export function PrivateAccessPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { data, error, loading, reload } = useLoad(async () => (await api.get<LicenceState>(`${ACCESS_API}/licence`)).data, []);
  const [text, setText] = useState('');
  const [done, setDone] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const upload = useSubmit(() => (setText(''), setDone(true), void reload()));

  const send = () =>
    upload.submit(async () => {
      setDone(false);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(t('consoleAccess.licence.notJson'));
      }
      return api.post(`${ACCESS_API}/licence`, parsed as Record<string, string>, { json: true });
    });
  const choose = async (chosen: File | undefined) => chosen && setText(await chosen.text());

  const licence = data?.licence;
  return (
    <Card title={t('routes.console.privateAccess')} data-testid="private-access">
      <p className="qp-muted">{t('consoleAccess.licence.hint')}</p>
      {error && <LoadError message={error} onRetry={() => void reload()} />}
      {data && !data.keyConfigured && <Alert type="warning" className="qp-gap" content={t('consoleAccess.licence.noKeyHint')} />}
      {loading && !data ? null : licence ? (
        <Descriptions column={2} border className="qp-gap" data-testid="licence-current"
          data={[
            { label: t('consoleAccess.licence.licensee'), value: licence.licensee },
            { label: t('consoleAccess.licence.id'), value: licence.licenceId },
            { label: t('consoleAccess.licence.spaces'), value: t('consoleAccess.licence.used', { used: data.spaces, limit: licence.maxSpaces }) },
            { label: t('consoleAccess.licence.members'), value: t('consoleAccess.licence.used', { used: data.largestSpaceMembers, limit: licence.maxMembersPerSpace }) },
            { label: t('consoleAccess.licence.expires'), value: <Space>{when(licence.expiresAt)}{licence.expired && <Tag color="red">{t('consoleAccess.licence.expiredTag')}</Tag>}</Space> },
            { label: t('consoleAccess.licence.uploaded'), value: when(licence.uploadedAt) },
          ]} />
      ) : (
        data && <Empty className="qp-gap" description={t('consoleAccess.licence.none', { spaces: data.spaces })} />
      )}
      <Card size="small" title={t('consoleAccess.licence.upload')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <input ref={file} type="file" accept=".json,.lic,application/json" hidden onChange={(e) => void choose(e.target.files?.[0])} data-testid="licence-file" />
          <Button onClick={() => file.current?.click()}>{t('consoleAccess.licence.chooseFile')}</Button>
          <Input.TextArea value={text} onChange={setText} autoSize={{ minRows: 4, maxRows: 10 }} placeholder={t('consoleAccess.licence.paste')} data-testid="licence-text" />
          {upload.error && <Alert type="error" content={upload.error} data-testid="licence-error" />}
          {done && <Alert type="success" content={t('consoleAccess.licence.accepted')} data-testid="licence-accepted" />}
          <Button type="primary" loading={upload.busy} disabled={!text.trim()} onClick={() => void send()} data-testid="licence-upload">{t('consoleAccess.licence.submit')}</Button>
        </Space>
      </Card>
    </Card>
  );
}
