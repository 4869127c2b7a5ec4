import { Button, Form, Input, InputNumber } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { BOARD_LIMITS, type BoardItem } from '../../../../shared/dashboards/model.ts';
import type { DashboardProblem } from '../../../../shared/dashboards/validate.ts';
import type { Place } from './board-model.ts';
import { clampPixels, type Size } from './screen-model.ts';

/**
 * The selected screen item's settings: its text (a title or note; a device value's caption), a device item's topic,
 * its box in design pixels (typed values are kept on the stage), and removing it. Problems of the item show here.
 */
export function ScreenItemSettings({ item, stage, problems, chartName, onChange, onRemove }: {
  item: BoardItem;
  stage: Size;
  problems: readonly DashboardProblem[];
  chartName: string | null;
  onChange(item: BoardItem): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const setPlace = (patch: Partial<Place>) => onChange({ ...item, place: clampPixels({ ...item.place, ...patch }, stage) });
  const number = (name: keyof Place) => (
    <Form.Item label={t(`dashboards.boards.designer.place.${name}`)} key={name}>
      <InputNumber min={0} step={10} value={item.place[name]} onChange={(value) => Number.isFinite(value) && setPlace({ [name]: value })} aria-label={t(`dashboards.boards.designer.place.${name}`)} data-testid={`screen-place-${name}`} />
    </Form.Item>
  );
  return (
    <Form layout="vertical" className="qp-screen-item-settings" data-testid="screen-item-settings">
      <h2 className="qp-screen-panel-title">{t(`dashboards.boards.item.kind.${item.kind}`)}</h2>
      {problems.map((p) => <p key={`${p.path}:${p.key}`} className="qp-board-problem-line" role="alert">{t(p.key, p.params)}</p>)}
      {chartName !== null && <p className="qp-screen-chart-name">{chartName}</p>}
      {(item.kind === 'text' || item.kind === 'device') && (
        <Form.Item label={t(item.kind === 'text' ? 'dashboards.boards.item.text' : 'dashboards.boards.item.caption')}>
          <Input.TextArea value={item.text ?? ''} maxLength={BOARD_LIMITS.text} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(text) => onChange({ ...item, text })} aria-label={t(item.kind === 'text' ? 'dashboards.boards.item.text' : 'dashboards.boards.item.caption')} data-testid="screen-item-text" />
        </Form.Item>
      )}
      {item.kind === 'device' && (
        <Form.Item label={t('dashboards.boards.item.topic')} extra={t('dashboards.boards.item.topicHint')} required>
          <Input value={item.topic ?? ''} maxLength={256} onChange={(topic) => onChange({ ...item, topic })} placeholder="demo/line1/press-1/temperature" aria-label={t('dashboards.boards.item.topic')} data-testid="screen-item-topic" />
        </Form.Item>
      )}
      <div className="qp-screen-place">{(['x', 'y', 'w', 'h'] as const).map(number)}</div>
      <Button status="danger" icon={<IconDelete />} onClick={onRemove} data-testid="screen-item-remove">{t('dashboards.boards.edit.remove')}</Button>
    </Form>
  );
}
