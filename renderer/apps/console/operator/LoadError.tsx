import { Alert, Button } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

/** A page whose data could not be loaded says why and offers to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      className="qp-gap"
      content={t('consoleOperator.loadFailed', { message })}
      action={<Button size="mini" onClick={onRetry}>{t('consoleOperator.retry')}</Button>}
      data-testid="load-error"
    />
  );
}
