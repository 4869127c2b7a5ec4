import { Alert, Button, DatePicker, Empty, Message, Space, Spin, Tooltip } from '@arco-design/web-react';
import { IconLeft, IconRight } from '@arco-design/web-react/icon';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDate } from '../../../../../shared/forms/validate-values.ts';
import { useLoadedDirectory as useDirectory } from '../../record-form/directory.tsx';
import { useRangeRecords } from '../hooks/use-range-records.ts';
import { useResources } from '../hooks/use-resources.ts';
import { addDays } from '../model/calendar.ts';
import { combineFilters } from '../model/filter-model.ts';
import { HOURS, barOf, bookingsOf, hourLabel, isSlotFree, occupyFilter, slotValues, type OccupyFields } from '../model/occupy.ts';
import { titleKeys, titleOf } from '../model/records.ts';
import { namedByDirectory, refName } from '../model/ref-names.ts';
import type { EditingViewProps } from '../types.ts';

interface Props extends EditingViewProps {
  occupy: OccupyFields;
}

/** Resources down the side, the day's hours across, bookings as bars; a free hour is booked with one click. */
export function OccupyView({ formId, fields, occupy, filter, reloadKey, canCreate, onOpen, onCreate }: Props) {
  const { t, i18n } = useTranslation();
  const [day, setDay] = useState(() => new Date());
  const resourceField = fields.find((f) => f.key === occupy.resourceField)!;
  const columns = useMemo(() => [occupy.resourceField, occupy.startField, occupy.endField, ...titleKeys(fields)], [occupy, fields]);
  const data = useRangeRecords(formId, combineFilters(filter, occupyFilter(occupy, day)), columns, reloadKey);
  const resources = useResources(formId, resourceField, filter, reloadKey);
  const directory = useDirectory(namedByDirectory(resourceField));
  const bookings = useMemo(() => bookingsOf(data.records, occupy), [data.records, occupy]);
  const labels = { ...resources.labels, relations: { ...resources.labels.relations, ...data.labels.relations }, users: { ...data.labels.users } };
  const time = (at: number) => new Date(at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });

  const slotClick = (resource: string, hour: number, free: boolean) => {
    if (!canCreate) return;
    // §8: a taken hour is refused here already; the server refuses overlaps too (409 "already occupied").
    if (free) onCreate(slotValues(occupy, resource, day, hour));
    else Message.warning(t('common.alreadyOccupied'));
  };

  return (
    <div className="qp-fv-occupy">
      <div className="qp-fv-calendar-bar">
        <Space>
          <Button size="small" icon={<IconLeft />} aria-label={t('forms.views.calendar.previous')} onClick={() => setDay(addDays(day, -1))} data-testid="occupy-previous" />
          <DatePicker size="small" value={localDate(day)} allowClear={false} onChange={(text: string) => text && setDay(new Date(`${text}T00:00:00`))} data-testid="occupy-date" />
          <Button size="small" icon={<IconRight />} aria-label={t('forms.views.calendar.next')} onClick={() => setDay(addDays(day, 1))} data-testid="occupy-next" />
          <Button size="small" onClick={() => setDay(new Date())}>{t('forms.views.calendar.today')}</Button>
        </Space>
        <span className="qp-muted">{t('forms.views.occupy.hint')}</span>
      </div>
      {(data.error || resources.error) && <Alert type="error" className="qp-gap" content={data.error ?? resources.error} />}
      <Spin loading={data.loading} block>
        {resources.values.length === 0 ? (
          <Empty description={t('forms.views.occupy.noResources')} />
        ) : (
          <div className="qp-fv-occupy-grid">
            <div className="qp-fv-occupy-row qp-fv-occupy-head">
              <div className="qp-fv-occupy-name">{t('forms.views.occupy.resource')}</div>
              <div className="qp-fv-occupy-track qp-fv-occupy-hours">
                {HOURS.map((hour) => <div key={hour} className="qp-fv-occupy-hour">{hourLabel(hour)}</div>)}
              </div>
            </div>
            {resources.values.map((resource) => (
              <div key={resource} className="qp-fv-occupy-row" data-testid={`occupy-row-${resource}`}>
                <div className="qp-fv-occupy-name" title={refName(resourceField, resource, directory, labels)}>{refName(resourceField, resource, directory, labels)}</div>
                <div className="qp-fv-occupy-track">
                  {HOURS.map((hour) => {
                    const free = isSlotFree(bookings, resource, day, hour);
                    return (
                      <button
                        type="button"
                        key={hour}
                        className={free ? 'qp-fv-slot' : 'qp-fv-slot qp-fv-slot-taken'}
                        data-testid={`occupy-slot-${resource}-${hourLabel(hour)}`}
                        aria-label={`${refName(resourceField, resource, directory, labels)} ${hourLabel(hour)}:00`}
                        onClick={() => slotClick(resource, hour, free)}
                      />
                    );
                  })}
                  {bookings
                    .filter((b) => b.resource === resource)
                    .map((booking) => {
                      const bar = barOf(booking, day);
                      const text = `${time(booking.start)}–${time(booking.end)} ${titleOf(booking.record, fields, data.labels)}`;
                      return (
                        <Tooltip key={booking.record.id} content={text}>
                          <button type="button" className="qp-fv-bar" style={{ left: `${bar.left}%`, width: `${bar.width}%` }} data-testid={`occupy-booking-${booking.record.id}`} onClick={() => onOpen(booking.record)}>
                            {titleOf(booking.record, fields, data.labels)}
                          </button>
                        </Tooltip>
                      );
                    })}
                </div>
              </div>
            ))}
          </div>
        )}
      </Spin>
    </div>
  );
}
