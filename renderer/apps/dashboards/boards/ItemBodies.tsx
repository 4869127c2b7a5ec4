import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardItem } from '../../../../shared/dashboards/model.ts';
import type { DeviceValue } from './boards-api.ts';
import { deviceReading } from './screen-model.ts';

/** A title or a note: plain text, line breaks kept (never HTML). */
export function TextItem({ item }: { item: BoardItem }) {
  const { t } = useTranslation();
  const text = item.text?.trim() ?? '';
  return (
    <div className={`qp-board-text${text ? '' : ' qp-board-text-empty'}`} data-testid={`board-text-${item.id}`}>
      {text || t('dashboards.boards.item.emptyText')}
    </div>
  );
}

/** The wall clock of a screen: date and time in the user's language, ticking each second. */
export function ClockItem({ item }: { item: BoardItem }) {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="qp-board-clock" data-testid={`board-clock-${item.id}`}>
      <time dateTime={now.toISOString()} className="qp-board-clock-time">{now.toLocaleTimeString(i18n.language, { hour12: false })}</time>
      <span className="qp-board-clock-date">{now.toLocaleDateString(i18n.language, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' })}</span>
    </div>
  );
}

/** A device's latest value on its topic (from the iot relay), its caption the item's text or the topic itself. */
export function DeviceItem({ item, value }: { item: BoardItem; value: DeviceValue | undefined }) {
  const { t, i18n } = useTranslation();
  const caption = item.text?.trim() || item.topic || '';
  return (
    <div className="qp-board-device" data-testid={`board-device-${item.id}`} aria-live="polite">
      <span className="qp-board-device-caption">{caption}</span>
      <strong className="qp-board-device-value" data-testid={`board-device-value-${item.id}`}>{deviceReading(value?.payload)}</strong>
      <span className="qp-board-device-at">
        {value ? new Date(value.at).toLocaleTimeString(i18n.language, { hour12: false }) : t('dashboards.boards.item.noValue')}
      </span>
    </div>
  );
}
