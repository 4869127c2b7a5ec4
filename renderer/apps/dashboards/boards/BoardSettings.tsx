import { Form, Grid, Input, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { BOARD_LIMITS, type BoardDraft } from '../../../../shared/dashboards/model.ts';
import type { DashboardProblem } from '../../../../shared/dashboards/validate.ts';
import { AccessField } from './AccessField.tsx';

/** "Every 30 s", "Every 5 min", "Live only" for the refresh choices. */
export function refreshLabel(t: (key: string, params?: Record<string, number>) => string, seconds: number): string {
  if (seconds <= 0) return t('dashboards.boards.refresh.off');
  return seconds % 60 === 0 ? t('dashboards.boards.refresh.minutes', { n: seconds / 60 }) : t('dashboards.boards.refresh.seconds', { n: seconds });
}

/**
 * A board's own settings in edit mode: name, description, automatic refresh (live updates always come on top), and
 * who may open and who may change it. Problems of these fields show under them once the editor tried to save.
 */
export function BoardSettings({ draft, problems, onChange, screen = false }: { draft: BoardDraft; problems: readonly DashboardProblem[]; onChange(next: BoardDraft): void; screen?: boolean }) {
  const { t } = useTranslation();
  const set = (patch: Partial<BoardDraft>) => onChange({ ...draft, ...patch });
  const problem = (path: string) => problems.find((p) => p.path === path);
  const help = (path: string) => {
    const found = problem(path);
    return found ? t(found.key, found.params) : undefined;
  };
  const status = (path: string) => (problem(path) ? ('error' as const) : undefined);

  return (
    <Form layout="vertical" className="qp-board-settings" data-testid="board-settings">
      <Grid.Row gutter={16}>
        <Grid.Col span={screen ? 24 : 8}>
          <Form.Item label={t('dashboards.boards.info.name')} required validateStatus={status('name')} help={help('name')}>
            <Input value={draft.name} onChange={(name) => set({ name })} maxLength={BOARD_LIMITS.name} showWordLimit aria-label={t('dashboards.boards.info.name')} data-testid="board-name" />
          </Form.Item>
        </Grid.Col>
        <Grid.Col span={screen ? 24 : 10}>
          <Form.Item label={t('dashboards.boards.info.description')} validateStatus={status('description')} help={help('description')}>
            <Input value={draft.description} onChange={(description) => set({ description })} maxLength={BOARD_LIMITS.description} aria-label={t('dashboards.boards.info.description')} data-testid="board-description" />
          </Form.Item>
        </Grid.Col>
        <Grid.Col span={screen ? 24 : 6}>
          <Form.Item label={t('dashboards.boards.refresh.label')} extra={t('dashboards.boards.refresh.hint')} validateStatus={status('refreshSeconds')} help={help('refreshSeconds')}>
            <Select value={draft.refreshSeconds} onChange={(refreshSeconds: number) => set({ refreshSeconds })} aria-label={t('dashboards.boards.refresh.label')} data-testid="board-refresh">
              {BOARD_LIMITS.refreshSeconds.map((seconds) => (
                <Select.Option key={seconds} value={seconds}>{refreshLabel(t, seconds)}</Select.Option>
              ))}
            </Select>
          </Form.Item>
        </Grid.Col>
      </Grid.Row>
      <Grid.Row gutter={16}>
        <Grid.Col span={screen ? 24 : 12}>
          <Form.Item label={t('dashboards.boards.access.viewers')}>
            <AccessField value={draft.viewers} onChange={(viewers) => set({ viewers })} testId="board-viewers" everyoneLabel={t('dashboards.boards.access.everyoneViews')} />
          </Form.Item>
        </Grid.Col>
        <Grid.Col span={screen ? 24 : 12}>
          <Form.Item label={t('dashboards.boards.access.editors')}>
            <AccessField value={draft.editors} onChange={(editors) => set({ editors })} testId="board-editors" everyoneLabel={t('dashboards.boards.access.everyoneEdits')} />
          </Form.Item>
        </Grid.Col>
      </Grid.Row>
    </Form>
  );
}
