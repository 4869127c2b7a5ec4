import { Alert, Button, Empty, Input, Result, Spin } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../shell/page-title.ts';
import type { PageProps } from '../../types.ts';
import { VALID_ID } from '../detail/model.ts';
import { useFormInfo } from '../views/hooks/use-form.ts';
import { cardColumns, cardFields } from './card-model.ts';
import { useReshown } from './mobile-kit.tsx';
import { mobileDetailPath, mobileEditPath } from './paths.ts';
import { RecordCard } from './RecordCard.tsx';
import { ScanButton } from './ScanButton.tsx';
import { useInfiniteRecords } from './use-infinite-records.ts';
import './mobile.css';

/** Calls `onSeen` whenever the element scrolls into view (the end of the list); nothing where the browser lacks the observer. */
function useSeen(onSeen: () => void) {
  const node = useRef<HTMLDivElement>(null);
  const latest = useRef(onSeen);
  latest.current = onSeen;
  useEffect(() => {
    if (!node.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), { rootMargin: '200px' });
    observer.observe(node.current);
    return () => observer.disconnect();
  }, []);
  return node;
}

/**
 * A form's records on the phone (route forms.mobileList): cards with the title and a few fields, search, more
 * records as the list scrolls (the web list's API and permissions), and "new" floating over it. Anyone who may
 * open the form's records may add one, as on the web's list.
 */
export function MobileListPage({ match }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appId = match.params['appId'] ?? '';
  const formId = match.params['formId'] ?? '';
  const valid = VALID_ID.test(appId) && VALID_ID.test(formId);
  const form = useFormInfo(valid ? formId : null);
  const fields = useMemo(() => form.data?.fields ?? [], [form.data]);
  const shown = useMemo(() => cardFields(fields), [fields]);
  const columns = useMemo(() => (form.data ? cardColumns(fields) : null), [form.data, fields]);
  const [q, setQ] = useState('');
  const list = useInfiniteRecords(formId, q, columns);
  const end = useSeen(list.more);
  usePageTitle(match, form.data?.name);
  // Back from a record created or changed: the list asks again, so it shows it.
  useReshown(list.reload);

  if (!valid) return <Result status="404" title={t('forms.mobile.noForm')} />;
  if (form.error) return <Result status="error" title={form.error} extra={<Button onClick={form.reload}>{t('forms.mobile.retry')}</Button>} data-testid="mf-list-error" />;

  return (
    <div className="qp-mf-page" data-testid="mf-list">
      <div className="qp-mf-toolbar">
        <Input.Search
          className="qp-mf-touch qp-mf-search"
          allowClear
          maxLength={100}
          placeholder={t('forms.mobile.searchHint')}
          aria-label={t('forms.mobile.searchHint')}
          onSearch={(text) => setQ(text.trim())}
          onClear={() => setQ('')}
          data-testid="mf-search"
        />
        <ScanButton match={match} />
      </div>
      {list.error && (
        <Alert type="error" content={list.error} action={<Button size="small" onClick={list.retry}>{t('forms.mobile.retry')}</Button>} data-testid="mf-list-problem" />
      )}
      <div className="qp-mf-cards" role="list" aria-busy={list.loading}>
        {list.records.map((record) => (
          <div role="listitem" key={record.id}>
            <RecordCard
              record={record}
              fields={fields}
              shown={shown}
              labels={list.labels}
              href={mobileDetailPath(match, appId, formId, record.id)}
              onOpen={() => navigate(mobileDetailPath(match, appId, formId, record.id))}
            />
          </div>
        ))}
      </div>
      {list.started && !list.loading && !list.error && list.records.length === 0 && (
        <Empty description={t(q ? 'forms.mobile.noMatch' : 'forms.mobile.noRecords')} data-testid="mf-list-empty" />
      )}
      <div ref={end} className="qp-mf-list-end">
        {list.loading ? (
          <Spin tip={t('forms.mobile.loading')} />
        ) : (
          list.hasMore && (
            <Button long className="qp-mf-touch" onClick={list.more} data-testid="mf-more">
              {t('forms.mobile.more')}
            </Button>
          )
        )}
      </div>
      <Button
        type="primary"
        shape="circle"
        size="large"
        className="qp-mf-fab"
        icon={<IconPlus />}
        aria-label={t('forms.mobile.new')}
        onClick={() => navigate(mobileEditPath(match, appId, formId))}
        data-testid="mf-new"
      />
    </div>
  );
}
