import { Alert, Button, Select, Spin } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OpenPortalAnswer } from '../../../../shared/portal/data.ts';
import { sessionAtom } from '../../../kernel/atoms.ts';
import { greetingKey } from '../../../shell/greeting.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { portalApi } from '../portal-api.ts';
import { builtPath } from '../viewer/links.ts';
import { PortalView } from '../viewer/PortalView.tsx';
import { NoPortal } from './NoPortal.tsx';
import { homeQuery, mobileTerminal, type MobileTerminal } from './terminal.ts';
import './mobile-home.css';

const TERMINALS: readonly MobileTerminal[] = ['app', 'applet'];

/**
 * `m/home` (decision 0064): the greeting and the member's portal of the app terminal from one `open` call —
 * or of the applet terminal with `?terminal=applet`, in the same page — with a switch between the two terminals and
 * among the terminal's portals he may open (`?portal=`). `open` answers the terminal's default (or the one asked for);
 * without one he sees the ways to his work, and the switch when there are portals to choose.
 */
export function MobileHomePage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const user = useAtomValue(sessionAtom);
  const terminal = mobileTerminal(match.query.terminal);
  const requested = typeof match.query.portal === 'string' && match.query.portal ? match.query.portal : undefined;
  const [answer, setAnswer] = useState<OpenPortalAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    portalApi(api)
      .open(terminal, requested)
      .then(
        (next) => live && (setAnswer(next), setError(null)),
        (failure: Error) => live && (setAnswer(null), setError(failure.message)),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, terminal, requested]);

  // The view is chosen by the address, so a reload or a shared link shows the same; replaced, not stacked in history.
  const show = (next: MobileTerminal, portal?: string) => navigate(`${builtPath(match, 'portal.mobileHome') ?? '/m/home'}${homeQuery(next, portal)}`, { replace: true });
  const portal = answer?.portal ?? null;
  const choices = answer?.choices ?? [];

  return (
    <div className="qp-m-home" data-testid="m-home" data-terminal={terminal}>
      <h2 className="qp-m-greeting" data-testid="greeting">{t(greetingKey(new Date().getHours()), { name: user?.name ?? '' })}</h2>
      {user?.entName && <p className="qp-m-space">{user.entName}</p>}
      <div className="qp-m-terminals" role="group" aria-label={t('mobileShell.home.terminalPick')}>
        {TERMINALS.map((name) => (
          <Button
            key={name}
            type={terminal === name ? 'primary' : 'secondary'}
            aria-pressed={terminal === name}
            onClick={() => terminal !== name && show(name)}
            data-testid={`m-terminal-${name}`}
          >
            {t(`mobileShell.home.terminal.${name}`)}
          </Button>
        ))}
      </div>
      {(portal ? choices.length > 1 : choices.length > 0) && (
        <Select
          className="qp-m-portal-switch"
          value={portal?.id}
          placeholder={t('portal.ui.view.switch')}
          onChange={(id: string) => show(terminal, id)}
          aria-label={t('portal.ui.view.switch')}
          data-testid="m-portal-switch"
        >
          {choices.map((choice) => (
            <Select.Option key={choice.id} value={choice.id}>
              {choice.isDefault ? t('portal.ui.view.defaultChoice', { name: choice.name }) : choice.name}
            </Select.Option>
          ))}
        </Select>
      )}
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="portal-open-error" />}
      {loading ? (
        <Spin className="qp-m-home-loading" />
      ) : portal && answer ? (
        <PortalView portal={portal} components={answer.components} match={match} />
      ) : (
        !error && <NoPortal match={match} choosable={choices.length > 0} />
      )}
    </div>
  );
}
