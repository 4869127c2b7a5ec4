import { Alert, Button, Checkbox, Spin, Switch } from '@arco-design/web-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionDefaultRow } from '../../../shared/api/messages.ts';
import { alwaysOn } from '../../../shared/messages/notify.ts';
import { useServices } from '../../shell/services.tsx';
import { messagesApi } from './messages-api.ts';
import { changedDefaults, defaultGrid, withDefault, withPending } from './push-model.ts';
import { matrixLines } from './subscription-model.ts';
import { LockedCell, MatrixGrid } from './SubscriptionMatrix.tsx';

type Feedback = { type: 'success' | 'error'; text: string } | null;

/**
 * The space's default subscriptions: per category (and application) and channel, whether it is on and whether
 * members may change it. Edits are collected and saved together — the admin sets "on" and "fixed" as one decision,
 * and a half-made decision should not reach members — one call per changed cell, as the API takes them. A refusal
 * stops the save: what was saved stays saved, the rest stays edited, and the server's reason is shown.
 */
export function DefaultSubscriptions() {
  const { t } = useTranslation();
  const { api } = useServices();
  const calls = useMemo(() => messagesApi(api), [api]);
  const [saved, setSaved] = useState<SubscriptionDefaultRow[] | null>(null);
  const [draft, setDraft] = useState<SubscriptionDefaultRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);

  const load = useCallback(() => {
    setError(null);
    calls.defaults().then(
      (answer) => {
        const grid = defaultGrid(answer.rows);
        setSaved(grid);
        setDraft(grid);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [calls]);
  useEffect(load, [load]);

  const changed = useMemo(() => (saved ? changedDefaults(saved, draft) : []), [saved, draft]);
  const changedKeys = useMemo(() => new Set(changed.map((r) => `${r.category}|${r.app ?? ''}|${r.channel}`)), [changed]);
  const lines = useMemo(() => matrixLines(draft), [draft]);

  const edit = (row: SubscriptionDefaultRow, change: Partial<Pick<SubscriptionDefaultRow, 'enabled' | 'locked'>>) => {
    setFeedback(null);
    setDraft((old) => withDefault(old, { category: row.category, app: row.app, channel: row.channel, ...change }));
  };

  async function save() {
    if (!saved) return;
    setBusy(true);
    setFeedback(null);
    let stored: SubscriptionDefaultRow[] | null = null;
    let done = 0;
    try {
      for (const row of changed) {
        stored = (await calls.saveDefault(row)).rows;
        done += 1;
      }
      const grid = stored ? defaultGrid(stored) : saved;
      setSaved(grid);
      setDraft(grid);
      setFeedback({ type: 'success', text: t('messages.ui.push.saved', { count: done }) });
    } catch (failure) {
      // The server's own grid after the last accepted cell, with the cells it has not taken still edited.
      const grid = stored ? defaultGrid(stored) : saved;
      setSaved(grid);
      setDraft(withPending(grid, changed.slice(done)));
      setFeedback({ type: 'error', text: t('messages.ui.push.saveFailed', { reason: (failure as Error).message }) });
    } finally {
      setBusy(false);
    }
  }

  if (error) {
    return (
      <Alert
        type="error"
        title={t('messages.ui.push.defaultsLoadFailed')}
        content={error}
        action={<Button size="small" onClick={load}>{t('messages.ui.retry')}</Button>}
        data-testid="push-defaults-error"
      />
    );
  }
  if (!saved) return <Spin block loading className="qp-gap" aria-label={t('messages.ui.loading')} />;

  return (
    <div data-testid="push-defaults-panel">
      <p className="qp-muted">{t('messages.ui.push.defaultsIntro')}</p>
      <MatrixGrid
        lines={lines}
        caption={t('messages.ui.push.defaultsCaption')}
        captionHidden
        testId="push-defaults"
        cellPrefix="default"
        cell={(row, { label, testId }) => {
          const toggle = <Switch size="small" checked={row.enabled} disabled={busy || alwaysOn(row.category, row.channel)} onChange={(on: boolean) => edit(row, { enabled: on })} aria-label={label} data-testid={testId} />;
          // The server's rule, drawn as such: in-app to-dos are on for everyone and nobody may change that.
          if (alwaysOn(row.category, row.channel)) return <LockedCell reason={t('messages.ui.subs.lockedTodo')} testId={`${testId}-locked`}>{toggle}</LockedCell>;
          const edited = changedKeys.has(`${row.category}|${row.app ?? ''}|${row.channel}`);
          return (
            <div className={edited ? 'qp-push-cell qp-push-edited' : 'qp-push-cell'} data-edited={edited}>
              {toggle}
              <Checkbox checked={!row.locked} disabled={busy} onChange={(open: boolean) => edit(row, { locked: !open })} data-testid={`${testId}-changeable`}>
                <span className="qp-msg-sr">{label}: </span>
                {t('messages.ui.push.changeable')}
              </Checkbox>
            </div>
          );
        }}
      />
      <div className="qp-msg-toolbar qp-push-actions">
        <Button type="primary" loading={busy} disabled={changed.length === 0} onClick={() => void save()} data-testid="push-defaults-save">
          {t('messages.ui.push.save')}
        </Button>
        <Button disabled={busy || changed.length === 0} onClick={() => (setDraft(saved), setFeedback(null))} data-testid="push-defaults-discard">
          {t('messages.ui.push.discard')}
        </Button>
        <span className="qp-muted" aria-live="polite" data-testid="push-defaults-pending">
          {changed.length > 0 ? t('messages.ui.push.pending', { count: changed.length }) : ''}
        </span>
      </div>
      {feedback && <Alert type={feedback.type} content={feedback.text} closable onClose={() => setFeedback(null)} data-testid="push-defaults-feedback" />}
    </div>
  );
}
