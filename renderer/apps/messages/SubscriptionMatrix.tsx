import { Alert, Button, Spin, Switch, Tooltip } from '@arco-design/web-react';
import { IconLock } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionRow } from '../../../shared/api/messages.ts';
import { MESSAGE_CHANNELS, type MessageCategory } from '../../../shared/messages/notify.ts';
import { useServices } from '../../shell/services.tsx';
import { messagesApi } from './messages-api.ts';
import { lockReason, matrixLines, withChange, type MatrixLine } from './subscription-model.ts';
import './messages.css';

export interface SubscriptionMatrixProps {
  /** Only these categories (the personal settings' "to-do push subscription" tab shows `['todo']`); default all. */
  categories?: readonly MessageCategory[];
  /** Heading of the table, read by screen readers as its caption. */
  caption?: string;
}

/**
 * The member's subscriptions: categories (and, where the server lists them, applications) × channels, one switch
 * each. A change is saved at once and drawn at once; when the server refuses it the switch goes back and its
 * message is shown. Locked switches (the admin's fixed default, in-app to-dos) are disabled and say why.
 * Used by user/subscribeManage and, later, by the personal settings tab; its table is MatrixGrid, below.
 */
export function SubscriptionMatrix({ categories, caption }: SubscriptionMatrixProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const calls = useMemo(() => messagesApi(api), [api]);
  const [rows, setRows] = useState<SubscriptionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [refused, setRefused] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    calls.subscriptions().then(
      (answer) => setRows(answer.rows),
      (failure: Error) => setError(failure.message),
    );
  }, [calls]);
  useEffect(load, [load]);

  const lines = useMemo(() => matrixLines(rows ?? []).filter((l) => !categories || categories.includes(l.category)), [rows, categories]);

  async function change(row: SubscriptionRow, enabled: boolean) {
    const id = `${row.category}|${row.app ?? ''}|${row.channel}`;
    const one = { category: row.category, app: row.app, channel: row.channel };
    setRows((old) => withChange(old ?? [], { ...one, enabled }));
    setSaving((old) => new Set([...old, id]));
    setRefused(null);
    try {
      await calls.subscribe({ ...one, enabled });
    } catch (failure) {
      setRows((old) => withChange(old ?? [], { ...one, enabled: !enabled }));
      setRefused((failure as Error).message);
    } finally {
      setSaving((old) => new Set([...old].filter((x) => x !== id)));
    }
  }

  if (error) {
    return (
      <Alert
        type="error"
        title={t('messages.ui.subs.loadFailed')}
        content={error}
        action={<Button size="small" onClick={load}>{t('messages.ui.retry')}</Button>}
        data-testid="subscriptions-error"
      />
    );
  }
  if (!rows) return <Spin block loading className="qp-gap" aria-label={t('messages.ui.loading')} />;
  if (lines.length === 0) return <Alert content={t('messages.ui.subs.none')} data-testid="subscriptions-empty" />;

  return (
    <>
      {refused && <Alert type="error" content={refused} closable onClose={() => setRefused(null)} className="qp-gap" data-testid="subscriptions-refused" />}
      <MatrixGrid
        lines={lines}
        caption={caption ?? t('messages.ui.subs.caption')}
        captionHidden={!caption}
        testId="subscriptions"
        cellPrefix="sub"
        cell={(row, { label, testId }) => {
          const toggle = (
            <Switch
              size="small"
              checked={row.enabled}
              disabled={row.locked}
              loading={saving.has(`${row.category}|${row.app ?? ''}|${row.channel}`)}
              onChange={(on: boolean) => void change(row, on)}
              aria-label={label}
              data-testid={testId}
            />
          );
          return row.locked ? <LockedCell reason={t(lockReason(row))} testId={`${testId}-locked`}>{toggle}</LockedCell> : toggle;
        }}
      />
    </>
  );
}

/** Names a matrix line: the category, or the category and the application. */
export function useLineName() {
  const { t } = useTranslation();
  return (line: Pick<MatrixLine, 'category' | 'app'>) =>
    line.app ? `${t(`messages.ui.category.${line.category}`)} · ${t(`apps.${line.app}`, { defaultValue: line.app })}` : t(`messages.ui.category.${line.category}`);
}

export interface MatrixGridProps {
  lines: readonly MatrixLine[];
  caption: string;
  /** The caption is read by screen readers only (the page already says what the table is). */
  captionHidden?: boolean;
  testId: string;
  /** Cell test ids are `<prefix>-<category>-<app|all>-<channel>`. */
  cellPrefix: string;
  /** One offered cell: `label` names line and channel for a control's aria-label. */
  cell(row: SubscriptionRow, names: { label: string; testId: string }): ReactNode;
}

/**
 * The categories (and applications) × channels table, shared by the member's subscriptions and the admin's
 * defaults (system/push), which differ only in what a cell holds. A channel the server does not offer has no cell.
 */
export function MatrixGrid({ lines, caption, captionHidden, testId, cellPrefix, cell }: MatrixGridProps) {
  const { t } = useTranslation();
  const name = useLineName();
  return (
    <table className="qp-sub-table" data-testid={testId}>
      <caption className={captionHidden ? 'qp-msg-sr' : undefined}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('messages.ui.subs.type')}</th>
          {MESSAGE_CHANNELS.map((channel) => (
            <th scope="col" key={channel}>{t(`messages.ui.channel.${channel}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key} className={line.app ? 'qp-sub-app' : undefined}>
            <th scope="row">{name(line)}</th>
            {MESSAGE_CHANNELS.map((channel) => {
              const row = line.cells[channel];
              if (!row) return <td key={channel}><span aria-label={t('messages.ui.subs.notOffered')} role="img" className="qp-muted">—</span></td>;
              const label = `${name(line)} · ${t(`messages.ui.channel.${channel}`)}`;
              return <td key={channel}>{cell(row, { label, testId: `${cellPrefix}-${line.category}-${line.app ?? 'all'}-${channel}` })}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A control that may not be changed, with why. A disabled switch takes no focus or hover: the tooltip sits on its
 * wrapper, and the reason is in the cell's text for screen readers.
 */
export function LockedCell({ reason, testId, children }: { reason: string; testId: string; children: ReactNode }) {
  return (
    <Tooltip content={reason}>
      <span className="qp-sub-locked" data-testid={testId}>
        {children}
        <IconLock aria-hidden />
        <span className="qp-msg-sr">{reason}</span>
      </span>
    </Tooltip>
  );
}
