import { Alert, Button, Card, Checkbox, Empty, Input, Message, Select, Space, Spin, Table } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { workTimeProblem, WORK_TIME_LIMITS, type WorkDay, type WorkTime } from '../../../shared/org/work-time.ts';
import { useServices } from '../../shell/services.tsx';

const WEEK = [1, 2, 3, 4, 5, 6, 7];

/**
 * workTime (spec §2.6, admin): the working week, the day's working periods, and holidays and make-up working days.
 * The page checks with the server's own rules (shared/org/work-time.ts) before saving; the server checks again.
 */
export function WorkTimePage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [time, setTime] = useState<WorkTime | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.get<WorkTime>('/api/org/work-time').then(
      (answer) => setTime(answer.data),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);

  if (!time) return error ? <Alert type="error" content={error} className="qp-gap" /> : <Spin block loading className="qp-gap" />;
  const change = (patch: Partial<WorkTime>) => setTime({ ...time, ...patch });
  const setPeriod = (index: number, patch: Partial<WorkTime['periods'][number]>) => change({ periods: time.periods.map((p, i) => (i === index ? { ...p, ...patch } : p)) });
  const setDay = (index: number, patch: Partial<WorkDay>) => change({ days: time.days.map((d, i) => (i === index ? { ...d, ...patch } : d)) });

  async function save() {
    const problem = workTimeProblem(time!);
    if (problem) return setError(t(problem.key, problem.params));
    setBusy(true);
    try {
      setTime((await api.put<WorkTime>('/api/org/work-time', time!, { json: true })).data);
      setError(null);
      Message.success(t('org.workTime.saved'));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('org.workTime.title')} data-testid="work-time">
      <p className="qp-muted">{t('org.workTime.hint')}</p>
      {error && <Alert type="error" content={error} className="qp-gap" closable onClose={() => setError(null)} data-testid="work-time-error" />}
      <h3 id="qp-work-week">{t('org.workTime.week')}</h3>
      <Checkbox.Group value={time.weekDays} onChange={(weekDays: number[]) => change({ weekDays })} aria-labelledby="qp-work-week" data-testid="work-week">
        {WEEK.map((d) => (
          <Checkbox key={d} value={d} data-testid={`work-weekday-${d}`}>
            {t(`org.workTime.weekday.${d}`)}
          </Checkbox>
        ))}
      </Checkbox.Group>
      <h3>{t('org.workTime.periods')}</h3>
      <Space direction="vertical">
        {time.periods.map((period, index) => (
          <Space key={index}>
            <Input type="time" value={period.start} onChange={(start) => setPeriod(index, { start })} aria-label={`${t('org.workTime.start')} ${index + 1}`} data-testid={`work-start-${index}`} style={{ width: 140 }} />
            <span aria-hidden>–</span>
            <Input type="time" value={period.end} onChange={(end) => setPeriod(index, { end })} aria-label={`${t('org.workTime.end')} ${index + 1}`} data-testid={`work-end-${index}`} style={{ width: 140 }} />
            <Button type="text" status="danger" icon={<IconDelete />} aria-label={`${t('org.workTime.remove')} ${index + 1}`} onClick={() => change({ periods: time.periods.filter((_, i) => i !== index) })} />
          </Space>
        ))}
        <Button icon={<IconPlus />} disabled={time.periods.length >= WORK_TIME_LIMITS.periods} onClick={() => change({ periods: [...time.periods, { start: '19:00', end: '21:00' }] })} data-testid="work-add-period">
          {t('org.workTime.addPeriod')}
        </Button>
      </Space>
      <h3>{t('org.workTime.days')}</h3>
      {time.days.length === 0 ? (
        <Empty description={t('org.workTime.noDays')} />
      ) : (
        <Table
          rowKey={(d: WorkDay) => `${time.days.indexOf(d)}`}
          pagination={false}
          data={time.days}
          columns={[
            { title: t('org.workTime.day'), render: (_: unknown, d: WorkDay, i: number) => <Input type="date" value={d.day} onChange={(day) => setDay(i, { day })} aria-label={t('org.workTime.day')} data-testid={`work-day-${i}`} style={{ width: 170 }} /> },
            {
              title: t('org.workTime.kind'),
              render: (_: unknown, d: WorkDay, i: number) => (
                <Select value={d.kind} onChange={(kind: WorkDay['kind']) => setDay(i, { kind })} aria-label={t('org.workTime.kind')} style={{ width: 180 }}
                  options={(['holiday', 'workday'] as const).map((k) => ({ value: k, label: t(`org.workTime.kind.${k}`) }))} />
              ),
            },
            { title: t('org.workTime.name'), render: (_: unknown, d: WorkDay, i: number) => <Input value={d.name} maxLength={WORK_TIME_LIMITS.name} onChange={(name) => setDay(i, { name })} aria-label={t('org.workTime.name')} data-testid={`work-day-name-${i}`} /> },
            { title: t('org.workTime.remove'), render: (_: unknown, _d: WorkDay, i: number) => <Button type="text" status="danger" icon={<IconDelete />} aria-label={t('org.workTime.remove')} onClick={() => change({ days: time.days.filter((_x, j) => j !== i) })} /> },
          ]}
        />
      )}
      <Space className="qp-gap">
        <Button icon={<IconPlus />} disabled={time.days.length >= WORK_TIME_LIMITS.days} onClick={() => change({ days: [...time.days, { day: '', kind: 'holiday', name: '' }] })} data-testid="work-add-day">
          {t('org.workTime.addDay')}
        </Button>
        <Button type="primary" loading={busy} onClick={() => void save()} data-testid="work-save">
          {t('org.workTime.save')}
        </Button>
      </Space>
    </Card>
  );
}
