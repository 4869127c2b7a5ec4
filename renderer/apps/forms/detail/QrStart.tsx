import { Result, Spin, Typography } from '@arco-design/web-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { useServices } from '../../../shell/services.tsx';
import { FormPicker } from './FormPicker.tsx';
import { failureText, pathTo } from './model.ts';

/** The QR page reached from the menu, with no form: choose one (the same pickers as the recycle bin). */
export function QrFormPicker({ match }: { match: RouteMatch }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="qp-fd">
      <Typography.Title heading={5}>{t(match.route.title)}</Typography.Title>
      <FormPicker hint={t('forms.detail.qr.pick')} onPick={(id) => navigate(pathTo(match, 'forms.qrcode', {}, { formId: id }))} />
    </div>
  );
}

/**
 * A form but no records chosen: labels for the form's latest records the user may see (at most `max`); the list's
 * selection makes a batch of the user's own.
 */
export function QrLatest({ formId, max, render }: { formId: string; max: number; render(ids: string[]): ReactNode }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [ids, setIds] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.get<{ records: Array<{ id: string }> }>(`/api/forms/forms/${formId}/records`, { params: { pageSize: max, columns: 'id' } }).then(
      (answer) => live && setIds(answer.data.records.map((r) => r.id)),
      (failure: unknown) => live && setError(failureText(failure, t('common.fetchFailed'))),
    );
    return () => {
      live = false;
    };
  }, [api, formId, max, t]);
  if (error) return <Result status="error" title={error} data-testid="qrcode-error" />;
  if (ids === null) return <Spin className="qp-fd-loading" />;
  if (ids.length === 0) return <Result status="404" title={t('forms.detail.qr.empty')} data-testid="qrcode-nothing" />;
  return render(ids);
}
