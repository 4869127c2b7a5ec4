import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('shell.notFound')}
      subTitle={t('shell.notFoundHint', { path: location.pathname })}
      data-testid="not-found-page"
      extra={<Button href="/">{t('shell.goHome')}</Button>}
    />
  );
}
