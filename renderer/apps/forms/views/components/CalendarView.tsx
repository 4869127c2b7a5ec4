import { Alert, Button, Radio, Space, Spin, Typography } from '@arco-design/web-react';
import { IconLeft, IconRight } from '@arco-design/web-react/icon';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_MAX } from '../../../../../shared/constants.ts';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { useRangeRecords } from '../hooks/use-range-records.ts';
import { calendarRange, dayKey, recordsByDay, shiftAnchor, rangeFilter, valueForDay, type CalendarMode } from '../model/calendar.ts';
import { combineFilters } from '../model/filter-model.ts';
import { titleKeys, titleOf } from '../model/records.ts';
import type { EditingViewProps, RecordRow, ViewConfig } from '../types.ts';

/** Chips a month cell shows before "+N more" (which opens that day). */
const MONTH_CHIPS = 3;

interface Props extends EditingViewProps {
  field: FieldDef;
  config: ViewConfig;
}

/** Records on a month, week or day by the view's date field; a click on a day starts a record on that date. */
export function CalendarView({ formId, fields, field, config, filter, reloadKey, canCreate, onOpen, onCreate }: Props) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<CalendarMode>(config.mode ?? 'month');
  const [anchor, setAnchor] = useState(() => new Date());
  const range = useMemo(() => calendarRange(mode, anchor), [mode, anchor]);
  const columns = useMemo(() => [field.key, ...titleKeys(fields)], [field.key, fields]);
  const data = useRangeRecords(formId, combineFilters(filter, rangeFilter(field, range)), columns, reloadKey);
  const byDay = useMemo(() => recordsByDay(data.records, field), [data.records, field]);
  const today = dayKey(new Date());
  const month = anchor.getMonth();

  const title =
    mode === 'month'
      ? anchor.toLocaleDateString(i18n.language, { year: 'numeric', month: 'long' })
      : mode === 'week'
        ? `${range.start.toLocaleDateString(i18n.language)} – ${range.days.at(-1)!.toLocaleDateString(i18n.language)}`
        : anchor.toLocaleDateString(i18n.language, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' });
  const weekdays = range.days.slice(0, 7).map((d) => d.toLocaleDateString(i18n.language, { weekday: 'short' }));

  const chip = (record: RecordRow) => (
    <button
      type="button"
      key={record.id}
      className="qp-fv-chip"
      data-testid={`calendar-record-${record.id}`}
      title={titleOf(record, fields, data.labels)}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(record);
      }}
    >
      {field.type === 'datetime' && <span className="qp-fv-chip-time">{new Date(String(record.values[field.key])).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}</span>}
      {titleOf(record, fields, data.labels)}
    </button>
  );

  const cell = (day: Date) => {
    const key = dayKey(day);
    const records = byDay.get(key) ?? [];
    const limit = mode === 'month' ? MONTH_CHIPS : records.length;
    const classes = ['qp-fv-day', mode === 'month' && day.getMonth() !== month ? 'qp-fv-day-other' : '', key === today ? 'qp-fv-day-today' : '', canCreate ? 'qp-fv-day-creatable' : ''];
    return (
      <div
        key={key}
        className={classes.filter(Boolean).join(' ')}
        data-testid={`calendar-day-${key}`}
        role={canCreate ? 'button' : undefined}
        title={canCreate ? t('forms.views.calendar.clickToCreate') : undefined}
        onClick={() => canCreate && onCreate({ [field.key]: valueForDay(field, day) })}
      >
        <div className="qp-fv-day-no">{mode === 'day' ? key : day.getDate()}</div>
        <div className="qp-fv-day-chips">
          {records.slice(0, limit).map(chip)}
          {records.length > limit && (
            <button
              type="button"
              className="qp-fv-chip-more"
              onClick={(e) => {
                e.stopPropagation();
                setAnchor(day);
                setMode('day');
              }}
            >
              {t('forms.views.calendar.more', { n: records.length - limit })}
            </button>
          )}
        </div>
      </div>
    );
  };

  return (
    <div className="qp-fv-calendar">
      <div className="qp-fv-calendar-bar">
        <Space>
          <Button size="small" icon={<IconLeft />} aria-label={t('forms.views.calendar.previous')} onClick={() => setAnchor(shiftAnchor(mode, anchor, -1))} data-testid="calendar-previous" />
          <Button size="small" onClick={() => setAnchor(new Date())}>{t('forms.views.calendar.today')}</Button>
          <Button size="small" icon={<IconRight />} aria-label={t('forms.views.calendar.next')} onClick={() => setAnchor(shiftAnchor(mode, anchor, 1))} data-testid="calendar-next" />
          <Typography.Title heading={6} className="qp-fv-calendar-title" data-testid="calendar-title">{title}</Typography.Title>
        </Space>
        <Radio.Group type="button" size="small" value={mode} onChange={setMode}>
          {(['month', 'week', 'day'] as const).map((m) => (
            <Radio key={m} value={m} data-testid={`calendar-mode-${m}`}>{t(`forms.views.calendar.${m}`)}</Radio>
          ))}
        </Radio.Group>
      </div>
      {data.error && <Alert type="error" className="qp-gap" content={data.error} />}
      {data.more && <Alert type="warning" className="qp-gap" content={t('forms.views.calendar.tooMany', { n: PAGE_SIZE_MAX })} />}
      <Spin loading={data.loading} block>
        <div className={`qp-fv-grid qp-fv-grid-${mode}`}>
          {mode !== 'day' && weekdays.map((name) => <div key={name} className="qp-fv-weekday">{name}</div>)}
          {range.days.map(cell)}
        </div>
      </Spin>
    </div>
  );
}
