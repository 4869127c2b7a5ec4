import { Alert, Form, Input, Modal, Radio, Select } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_LIMITS, SCREEN_THEMES, type BoardDraft, type ScreenTheme } from '../../../../shared/dashboards/model.ts';
import { AccessField } from './AccessField.tsx';
import { sizeLabel } from './board-model.ts';

/**
 * A board's description: name and description for a dashboard; for a data screen also its design resolution, theme
 * and who may open and change it. The layout is the designer's; saving here keeps it. Empty names are refused here,
 * everything else by the server's checks (its 422 message is shown).
 */
export function BoardInfoDialog({ title, initial, onSave, onClose }: { title: string; initial: BoardDraft; onSave(draft: BoardDraft): Promise<void>; onClose(): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<BoardDraft>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<BoardDraft>) => setDraft((old) => ({ ...old, ...patch }));
  const screen = draft.screen;
  const sizeKey = screen ? `${screen.width}x${screen.height}` : '';

  async function save() {
    if (!draft.name.trim()) return setError(t('dashboards.boards.info.nameRequired'));
    setBusy(true);
    try {
      await onSave({ ...draft, name: draft.name.trim() });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal visible title={title} onOk={() => void save()} onCancel={onClose} confirmLoading={busy} okText={t('dashboards.boards.save')} cancelText={t('dashboards.boards.cancel')} okButtonProps={{ 'data-testid': 'board-info-ok' } as object} unmountOnExit style={{ width: 600 }}>
      <Form layout="vertical">
        <Form.Item label={t('dashboards.boards.info.name')} required>
          <Input value={draft.name} onChange={(name) => set({ name })} maxLength={BOARD_LIMITS.name} showWordLimit data-testid="board-info-name" aria-label={t('dashboards.boards.info.name')} />
        </Form.Item>
        <Form.Item label={t('dashboards.boards.info.description')}>
          <Input.TextArea value={draft.description} onChange={(description) => set({ description })} maxLength={BOARD_LIMITS.description} showWordLimit data-testid="board-info-description" aria-label={t('dashboards.boards.info.description')} />
        </Form.Item>
        {screen && (
          <>
            <Form.Item label={t('dashboards.boards.info.resolution')} extra={t('dashboards.boards.info.resolutionHint')}>
              <Select
                value={sizeKey}
                onChange={(key: string) => {
                  const [width, height] = key.split('x').map(Number) as [number, number];
                  set({ screen: { ...screen, width, height } });
                }}
                aria-label={t('dashboards.boards.info.resolution')}
                data-testid="board-info-resolution"
              >
                {BOARD_LIMITS.screenSizes.map((size) => (
                  <Select.Option key={`${size[0]}x${size[1]}`} value={`${size[0]}x${size[1]}`}>{sizeLabel(size)}</Select.Option>
                ))}
              </Select>
            </Form.Item>
            <Form.Item label={t('dashboards.boards.info.theme')}>
              <Radio.Group type="button" value={screen.theme} onChange={(theme: ScreenTheme) => set({ screen: { ...screen, theme } })} aria-label={t('dashboards.boards.info.theme')}>
                {SCREEN_THEMES.map((theme) => (
                  <Radio key={theme} value={theme} data-testid={`board-info-theme-${theme}`}>{t(`dashboards.boards.theme.${theme}`)}</Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item label={t('dashboards.boards.access.viewers')}>
              <AccessField value={draft.viewers} onChange={(viewers) => set({ viewers })} testId="board-info-viewers" everyoneLabel={t('dashboards.boards.access.everyoneViews')} />
            </Form.Item>
            <Form.Item label={t('dashboards.boards.access.editors')}>
              <AccessField value={draft.editors} onChange={(editors) => set({ editors })} testId="board-info-editors" everyoneLabel={t('dashboards.boards.access.everyoneEdits')} />
            </Form.Item>
          </>
        )}
      </Form>
      {error && <Alert type="error" content={error} data-testid="board-info-error" />}
    </Modal>
  );
}
