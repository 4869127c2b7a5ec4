import { Alert, Button } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

/** A payments page whose data could not be loaded says why and offers to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      className="qp-gap"
      content={t('finance.ui.loadFailed', { message })}
      action={<Button size="mini" onClick={onRetry}>{t('finance.ui.retry')}</Button>}
      data-testid="finance-load-error"
    />
  );
}
