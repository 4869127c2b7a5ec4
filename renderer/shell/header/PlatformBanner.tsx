import { Alert } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BannerAnswer, BannerItem } from '../../../shared/api/console-operator.ts';
import { countdownParts } from '../../../shared/console/countdown.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { useServices } from '../services.tsx';

const POLL_MS = 60_000;

/** The time on the server's clock, ticking each second: a countdown right whatever the reader's clock says. */
export function useServerNow(serverTime: string | null | undefined, tick: boolean): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (serverTime) setOffset(Date.parse(serverTime) - Date.now());
  }, [serverTime]);
  useEffect(() => {
    if (!tick) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [tick]);
  return now + offset;
}

/** "1d 02:03:09" in the reader's language. */
export function useRemainingText() {
  const { t } = useTranslation();
  return (ms: number) => {
    const parts = countdownParts(ms);
    return parts.d > 0 ? t('consoleOperator.duration.dhms', parts) : t('consoleOperator.duration.hms', parts);
  };
}

/**
 * The operator's announcements and planned maintenance above every signed-in page (decision 0079): the
 * announcements of the reader's space, each closable for this visit, and a countdown to a planned maintenance.
 * When the maintenance starts, the next call's 503 takes the page to the maintenance page.
 */
export function PlatformBanner() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const user = useAtomValue(sessionAtom);
  const [banner, setBanner] = useState<BannerAnswer | null>(null);
  const [closed, setClosed] = useState<string[]>([]);
  const maintenance = banner?.items.find((item) => item.kind === 'maintenance') ?? null;
  const now = useServerNow(banner?.serverTime, !!maintenance);
  const remainingText = useRemainingText();
  const left = maintenance ? Date.parse(maintenance.startsAt) - now : null;
  const [refresh, setRefresh] = useState(0);

  useEffect(() => {
    if (!user) return;
    let live = true;
    const load = () =>
      api.get<BannerAnswer>('/api/console/banner').then(
        (answer) => live && setBanner(answer.data),
        () => undefined, // a banner is never worth an error on someone else's page
      );
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, user, i18n.language, refresh]);

  // At the countdown's end ask again: the maintenance has started (a 503) or was called off.
  const due = left !== null && left <= 0;
  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => setRefresh((n) => n + 1), 2000);
    return () => clearTimeout(timer);
  }, [due, now]);

  if (!user || !banner) return null;
  const shown = banner.items.filter((item) => item.kind === 'announcement' && !closed.includes(item.id));
  const when = (item: BannerItem) => new Date(item.startsAt).toLocaleString(i18n.language);
  return (
    <div className="qp-platform-banner" data-testid="platform-banner">
      {maintenance && left !== null && (
        <Alert
          type="warning"
          banner
          data-testid="maintenance-countdown"
          content={left > 0 ? t('consoleOperator.banner.maintenance', { title: maintenance.title, time: when(maintenance), left: remainingText(left) }) : t('consoleOperator.banner.maintenanceNow', { title: maintenance.title })}
        />
      )}
      {shown.map((item) => (
        <Alert key={item.id} type="info" banner closable onClose={() => setClosed([...closed, item.id])} title={item.title} content={item.body || undefined} data-testid="announcement-banner" />
      ))}
    </div>
  );
}
