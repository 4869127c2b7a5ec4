import { Card } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { MemberFieldsEditor } from './MemberFieldsEditor.tsx';

/**
 * `extension` (spec §2.6; decision 0048): the space's member extension fields — badge number, shift, work-shop,
 * certificate expiry — kept on its people beyond §3. The same editor is `element/setting/extension`.
 */
export function ExtensionPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('org.fields.title')} className="qp-gap" data-testid="extension-page">
      <MemberFieldsEditor />
    </Card>
  );
}
