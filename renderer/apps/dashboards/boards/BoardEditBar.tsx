import { Alert, Button, Space } from '@arco-design/web-react';
import { IconFontColors, IconPlus } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardProblem } from '../../../../shared/dashboards/validate.ts';

/**
 * The edit-mode toolbar of a dashboard or screen: save (with the shared rules' and the server's problems listed under
 * it), leave without saving, add a chart from the member's charts, make a new one in the chart designer (its own
 * window), add a text. Screens add their own item kinds through `extra`.
 */
export function BoardEditBar(props: {
  busy: boolean;
  dirty: boolean;
  problems: readonly DashboardProblem[];
  serverMessage: string | null;
  newChartHref: string;
  onSave(): void;
  onCancel(): void;
  onAddChart(): void;
  onAddText(): void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const shown = props.problems.filter((p, i, all) => all.findIndex((o) => o.key === p.key && o.path === p.path) === i);
  return (
    <div className="qp-board-editbar" data-testid="board-editbar">
      <Space wrap>
        <Button type="primary" loading={props.busy} onClick={props.onSave} data-testid="board-save">{t('dashboards.boards.save')}</Button>
        <Button onClick={props.onCancel} data-testid="board-cancel">{t('dashboards.boards.edit.leave')}</Button>
        <Button icon={<IconPlus />} onClick={props.onAddChart} data-testid="board-add-chart">{t('dashboards.boards.chart.add')}</Button>
        <Button href={props.newChartHref} data-testid="board-new-chart">{t('dashboards.boards.chart.new')}</Button>
        <Button icon={<IconFontColors />} onClick={props.onAddText} data-testid="board-add-text">{t('dashboards.boards.item.addText')}</Button>
        {props.extra}
        {props.dirty && <span className="qp-board-unsaved">{t('dashboards.boards.edit.unsaved')}</span>}
      </Space>
      {props.serverMessage && <Alert type="error" content={props.serverMessage} data-testid="board-server-error" />}
      {shown.length > 0 && (
        <Alert
          type="error"
          data-testid="board-problems"
          content={
            <ul className="qp-board-problems">
              {shown.map((p) => <li key={`${p.path}:${p.key}`}>{t(p.key, p.params)}</li>)}
            </ul>
          }
        />
      )}
    </div>
  );
}
