import { Alert, Button, Empty } from '@arco-design/web-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalComponent } from '../../../../shared/portal/model.ts';

/**
 * One component's frame: its name (unless hidden), its own error with a retry, and a guard so a component that
 * fails while drawing shows its own error rather than taking the page down.
 */
export function ComponentFrame({ component, error, onRetry, children }: { component: PortalComponent; error?: string | null; onRetry?: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={`qp-portal-component qp-portal-${component.type} qp-portal-style-${component.style}`} data-testid={`portal-component-${component.id}`} aria-label={component.name}>
      {!component.hideName && <h2 className="qp-portal-component-name">{component.name}</h2>}
      <div className="qp-portal-component-body">
        {error ? (
          <Alert
            type="error"
            content={error}
            data-testid={`portal-component-error-${component.id}`}
            action={onRetry && <Button size="mini" onClick={onRetry}>{t('portal.ui.view.retry')}</Button>}
          />
        ) : (
          <DrawGuard message={t('portal.ui.view.drawFailed')} testId={`portal-component-error-${component.id}`}>
            {children}
          </DrawGuard>
        )}
      </div>
    </section>
  );
}

export function EmptyState({ text }: { text: string }) {
  return <Empty description={text} className="qp-portal-empty" />;
}

class DrawGuard extends Component<{ message: string; testId: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('portal component failed to draw', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <Alert type="error" content={this.props.message} data-testid={this.props.testId} /> : this.props.children;
  }
}
