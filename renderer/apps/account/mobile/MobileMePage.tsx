import { Alert, Avatar, Button } from '@arco-design/web-react';
import { IconCheck, IconRight, IconSettings } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { portraitPath } from '../../../../shared/api/org-self.ts';
import { LANGUAGES, type Language } from '../../../../shared/i18n/index.ts';
import { buildPath } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';
import { languageAtom, sessionAtom } from '../../../kernel/atoms.ts';
import { apiUrl } from '../../../kernel/transport.ts';
import { MOBILE_HOME, MOBILE_LOGIN } from '../../../shell/mobile/mobile-paths.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import './mobile-me.css';

/** Each language by its own name, as the header's switch shows them. */
const NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };

/**
 * `m/me` (decision 0064): who is signed in (name, account, avatar), the spaces he may switch to, the
 * language, the way to the web's personal settings (a web page, opened as on a computer) and signing out — the
 * header account menu's own calls, laid out for touch.
 */
export function MobileMePage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api, hardNavigate, setLanguage } = useServices();
  const user = useAtomValue(sessionAtom);
  const language = useAtomValue(languageAtom);
  const [noPortrait, setNoPortrait] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  const space = match.spaceUri ? match.spaceId : null;
  const settings = ROUTES.find((r) => r.id === 'account.settings');

  // A full load after each: the new space's (or a guest's) base info, routes and socket start fresh.
  async function act(key: string, call: () => Promise<unknown>, then: string) {
    setBusy(key);
    setError(null);
    try {
      await call();
      hardNavigate(then);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(null);
    }
  }

  return (
    <div className="qp-mme" data-testid="m-me">
      <section className="qp-mme-card qp-mme-who" aria-label={t('mobileShell.me.profile')}>
        <Avatar size={56} aria-hidden>
          {user.entId && !noPortrait ? <img src={apiUrl('', match.spaceUri, portraitPath(user.id))} alt="" onError={() => setNoPortrait(true)} data-testid="m-me-portrait" /> : user.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div className="qp-mme-names">
          <h2 className="qp-mme-name" data-testid="m-me-name">{user.name}</h2>
          <p className="qp-mme-sub">{user.loginId}{user.entName ? ` · ${user.entName}` : ''}</p>
        </div>
      </section>
      {error && <Alert type="error" content={error} data-testid="m-me-error" />}
      {user.spaces.length > 1 && (
        <section className="qp-mme-card" aria-label={t('shell.switchSpace')}>
          <h2 className="qp-mme-h2">{t('shell.switchSpace')}</h2>
          <ul className="qp-mme-list">
            {user.spaces.map((own) => {
              const current = own.id === user.ownSpaceId;
              return (
                <li key={own.id}>
                  <button
                    type="button"
                    className="qp-mme-row"
                    aria-pressed={current}
                    disabled={busy !== null}
                    onClick={() => !current && void act(`space:${own.id}`, () => api.post('/api/account/space', { spaceId: own.id }, { json: true }), MOBILE_HOME)}
                    data-testid={`m-me-space-${own.id}`}
                  >
                    <span className="qp-mme-row-text">{own.name}</span>
                    {current && <IconCheck aria-hidden className="qp-mme-check" />}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section className="qp-mme-card" aria-label={t('shell.language')}>
        <h2 className="qp-mme-h2">{t('shell.language')}</h2>
        <div className="qp-mme-languages" role="group" aria-label={t('shell.language')}>
          {LANGUAGES.map((code) => (
            <Button key={code} type={language === code ? 'primary' : 'secondary'} aria-pressed={language === code} lang={code} onClick={() => language !== code && setLanguage(code)} data-testid={`m-me-lang-${code}`}>
              {NAMES[code]}
            </Button>
          ))}
        </div>
      </section>
      <section className="qp-mme-card">
        {settings && (
          <a className="qp-mme-row" href={buildPath(settings, {}, space)} data-testid="m-me-settings">
            <IconSettings aria-hidden />
            <span className="qp-mme-row-text">{t('mobileShell.me.settings')}</span>
            <IconRight aria-hidden />
          </a>
        )}
      </section>
      <Button long className="qp-mme-out" loading={busy === 'signOut'} disabled={busy !== null && busy !== 'signOut'} onClick={() => void act('signOut', () => api.post('/api/account/logout', {}, { json: true }), MOBILE_LOGIN)} data-testid="m-me-sign-out">
        {t('shell.signOut')}
      </Button>
    </div>
  );
}
