import { Alert, Button } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppDataData, AppDataRow } from '../../../../shared/portal/data.ts';
import type { AppDataComponent } from '../../../../shared/portal/model.ts';
import { EmptyState } from './ComponentFrame.tsx';

/** Fetches one page of one label (`cursor` null = first page); the component's own data call. */
export type FetchPage = (label: string, cursor: string | null) => Promise<AppDataData>;

const local = (href: string) => (href.startsWith('/') && !href.startsWith('//') ? href : undefined);

function Row({ row, style }: { row: AppDataRow; style: AppDataComponent['style'] }) {
  const at = new Date(row.at).toLocaleDateString();
  if (style === 'card') {
    return (
      <li className="qp-portal-card">
        <a href={local(row.href)} className="qp-portal-card-title">{row.title}</a>
        {row.content && <p className="qp-portal-card-content">{row.content}</p>}
        <span className="qp-portal-meta">{at}</span>
      </li>
    );
  }
  // list I: title over content; list II and announcement: title with the date at the end; list: title only + date.
  return (
    <li>
      <a href={local(row.href)}>{row.title}</a>
      {style === 'listOne' && row.content && <p className="qp-portal-row-content">{row.content}</p>}
      {(style === 'announcement' || style === 'listTwo') && row.content && <span className="qp-portal-row-content">{row.content}</span>}
      <span className="qp-portal-meta">{at}</span>
    </li>
  );
}

/**
 * Application data: records of the chosen label's form in the component's style, label tabs (list and announcement
 * styles, §5) and the next page through the component's own data call; a failing call shows here only.
 */
export function AppDataView({ component, first, fetchPage }: { component: AppDataComponent; first: AppDataData; fetchPage: FetchPage }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<AppDataData>(first);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labels = component.config.labels;

  async function load(label: string, cursor: string | null) {
    setBusy(true);
    try {
      const next = await fetchPage(label, cursor);
      setPage((old) => (cursor ? { ...next, rows: [...old.rows, ...next.rows] } : next));
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="qp-portal-appdata">
      {labels.length > 1 && (
        <div className="qp-portal-labels" role="group" aria-label={t('portal.ui.view.labels')}>
          {labels.map((label) => (
            <Button
              key={label.id}
              size="small"
              type={label.id === page.label ? 'primary' : 'secondary'}
              aria-pressed={label.id === page.label}
              disabled={busy}
              onClick={() => label.id !== page.label && void load(label.id, null)}
              data-testid={`portal-label-${component.id}-${label.id}`}
            >
              {label.name}
            </Button>
          ))}
        </div>
      )}
      {error && <Alert type="error" content={error} data-testid={`portal-component-error-${component.id}`} />}
      {page.rows.length === 0 ? (
        <EmptyState text={t('portal.ui.view.noRecords')} />
      ) : (
        <ul className={`qp-portal-rows qp-portal-rows-${component.style}`} data-testid={`portal-rows-${component.id}`}>
          {page.rows.map((row) => (
            <Row key={row.recordId} row={row} style={component.style} />
          ))}
        </ul>
      )}
      {page.next && (
        <Button long size="small" loading={busy} onClick={() => void load(page.label, page.next)} data-testid={`portal-more-${component.id}`}>
          {t('portal.ui.view.more')}
        </Button>
      )}
    </div>
  );
}
