import { Alert, Form, InputNumber, Modal, Radio, Select } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Threshold, ThresholdInput } from '../../../../shared/api/console-watch.ts';

interface Draft {
  scope: 'global' | 'route';
  key?: string;
  maxErrorPercent?: number;
  maxP95Ms?: number;
  minCalls: number;
}

const draftOf = (t: Threshold | null): Draft =>
  t
    ? { scope: t.route ? 'route' : 'global', key: t.route ? `${t.method} ${t.route}` : undefined, maxErrorPercent: t.maxErrorPercent ?? undefined, maxP95Ms: t.maxP95Ms ?? undefined, minCalls: t.minCalls }
    : { scope: 'global', minCalls: 10 };

/** Adds or edits one limit: global or one route, an error-rate and/or p95 limit, the calls a minute needs to count. */
export function ThresholdDialog({ editing, routes, onSave, onClose }: { editing: Threshold | null; routes: string[]; onSave(input: ThresholdInput): Promise<void>; onClose(): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const choices = draft.key && !routes.includes(draft.key) ? [draft.key, ...routes] : routes;

  async function save() {
    if (draft.scope === 'route' && !draft.key) return setError(t('console.watch.threshold.routeRequired'));
    const space = draft.key?.indexOf(' ') ?? -1;
    const input: ThresholdInput = {
      ...(draft.scope === 'route' && draft.key ? { method: draft.key.slice(0, space), route: draft.key.slice(space + 1) } : {}),
      maxErrorPercent: draft.maxErrorPercent ?? null,
      maxP95Ms: draft.maxP95Ms ?? null,
      minCalls: draft.minCalls,
    };
    setSaving(true);
    try {
      await onSave(input);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      visible
      title={t(editing ? 'console.watch.threshold.edit' : 'console.watch.threshold.add')}
      okText={t('console.watch.threshold.save')}
      cancelText={t('console.watch.threshold.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'threshold-save' } as object}
    >
      <Form layout="vertical">
        <Form.Item label={t('console.watch.threshold.scope')}>
          <Radio.Group value={draft.scope} onChange={(scope: Draft['scope']) => setDraft({ ...draft, scope })} data-testid="threshold-scope">
            <Radio value="global">{t('console.watch.threshold.global')}</Radio>
            <Radio value="route">{t('console.watch.threshold.oneRoute')}</Radio>
          </Radio.Group>
        </Form.Item>
        {draft.scope === 'route' && (
          <Form.Item label={t('console.watch.threshold.route')}>
            <Select showSearch value={draft.key} onChange={(key: string) => setDraft({ ...draft, key })} aria-label={t('console.watch.threshold.route')} data-testid="threshold-route"
              options={choices.map((k) => ({ value: k, label: k }))} />
          </Form.Item>
        )}
        <Form.Item label={t('console.watch.threshold.maxErrorPercent')}>
          <InputNumber aria-label={t('console.watch.threshold.maxErrorPercent')} min={0.001} max={100} step={1} value={draft.maxErrorPercent} onChange={(v) => setDraft({ ...draft, maxErrorPercent: v ?? undefined })}
            data-testid="threshold-error" />
        </Form.Item>
        <Form.Item label={t('console.watch.threshold.maxP95Ms')}>
          <InputNumber aria-label={t('console.watch.threshold.maxP95Ms')} min={1} max={600000} precision={0} value={draft.maxP95Ms} onChange={(v) => setDraft({ ...draft, maxP95Ms: v ?? undefined })}
            data-testid="threshold-p95" />
        </Form.Item>
        <Form.Item label={t('console.watch.threshold.minCalls')} extra={t('console.watch.threshold.minCallsHint')}>
          <InputNumber aria-label={t('console.watch.threshold.minCalls')} min={1} max={100000} precision={0} value={draft.minCalls} onChange={(v) => setDraft({ ...draft, minCalls: v ?? 1 })}
            data-testid="threshold-min-calls" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" content={error} data-testid="threshold-error-message" />}
    </Modal>
  );
}
