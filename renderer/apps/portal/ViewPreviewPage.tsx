import { Alert, Empty, Spin, Typography } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenPortalAnswer } from '../../../shared/portal/data.ts';
import { TERMINALS, type Terminal } from '../../../shared/portal/model.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { portalApi } from './portal-api.ts';
import { PortalView } from './viewer/PortalView.tsx';

const isTerminal = (value: string | undefined): value is Terminal => !!value && (TERMINALS as readonly string[]).includes(value);

/**
 * `view-preview/{module}/{appId}/{terminal?}` (route `forms.viewPreview`, re-exported by the forms chunk): with module
 * `portal` it shows that portal as the terminal draws it — the web full width, the app at 375 px, the applet at
 * 375 px in a phone frame. Other modules have nothing to preview yet, and the page says so.
 */
export function ViewPreviewPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { module, appId } = match.params;
  const terminal: Terminal = isTerminal(match.params.terminal) ? match.params.terminal : 'web';
  const [answer, setAnswer] = useState<OpenPortalAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (module !== 'portal' || !appId) return;
    portalApi(api)
      .open(terminal, appId)
      .then(
        (next) => (setAnswer(next), setError(null)),
        (failure: Error) => setError(failure.message),
      );
  }, [api, module, appId, terminal]);

  if (module !== 'portal') return <Empty description={t('portal.ui.preview.nothing', { module: module ?? '' })} data-testid="preview-nothing" />;
  if (error) return <Alert type="error" content={error} data-testid="preview-error" />;
  if (!answer) return <Spin />;
  return (
    <div className="qp-portal-preview-page" data-testid="portal-preview">
      <Typography.Title heading={5}>{t('portal.ui.preview.title', { name: answer.portal?.name ?? '', terminal: t(`portal.ui.terminal.${terminal}`) })}</Typography.Title>
      <div className={`qp-portal-preview qp-portal-preview-${terminal}`} data-terminal={terminal}>
        {answer.portal ? <PortalView portal={answer.portal} components={answer.components} match={match} /> : <Empty description={t('portal.ui.preview.none')} />}
      </div>
    </div>
  );
}
