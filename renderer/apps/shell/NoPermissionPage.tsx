import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

/** The page-level no-permission page of spec §8 with its three hints. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('common.pageNoPermission')}
      data-testid="no-permission-page"
      subTitle={
        <ul className="qp-hints">
          <li>{t('common.pageNoPermissionHintAddress')}</li>
          <li>{t('common.pageNoPermissionHintAdmin')}</li>
        </ul>
      }
      extra={<Button onClick={() => history.back()}>{t('common.pageNoPermissionHintBack')}</Button>}
    />
  );
}
