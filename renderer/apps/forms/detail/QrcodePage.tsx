import { Alert, Button, Card, Empty, Select, Spin, Typography } from '@arco-design/web-react';
import { IconPrinter } from '@arco-design/web-react/icon';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_FIELDS_MAX } from '../../../../shared/constants.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { detailPath, failureText, formIdOf, idList, titleField } from './model.ts';
import { QrFormPicker, QrLatest } from './QrStart.tsx';
import type { FormInfo, QrCode } from './types.ts';
import './detail.css';

/** QrBody of shared/api/forms.ts: at most 200 records per batch. */
const IDS_MAX = 200;
/** Values that read as one short line; rich text, sub-tables and files do not. */
const NOT_SHOWN: readonly FieldDef['type'][] = ['richtext', 'subtable', 'image', 'attachment'];

/** An svg as an image source: the markup never enters the page's DOM, so nothing in it can run. */
export const svgSource = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

/** The identification fields offered first: the title field, then the serial number, up to §9's three. */
function defaultFields(fields: readonly FieldDef[]): string[] {
  const first = [titleField(fields), fields.find((f) => f.type === 'serial')].filter((f): f is FieldDef => !!f);
  return [...new Set(first.map((f) => f.key))].slice(0, QR_FIELDS_MAX);
}

/**
 * QR code batch generation (route forms.qrcode `app/qrcode?formId=&ids=`, §2.8): one printable label per record,
 * a QR code that opens the record and up to three identification fields (§9). Records this user may not see are
 * left out by the server; the page says how many.
 */
export function QrcodePage({ match }: PageProps) {
  const { t } = useTranslation();
  const formId = formIdOf(match);
  const ids = useMemo(() => idList(match, IDS_MAX), [match]);
  if (!formId) return <QrFormPicker match={match} />;
  if (ids.length === 0) return <QrLatest formId={formId} max={IDS_MAX} render={(latest) => <QrLabels match={match} formId={formId} ids={latest} note={t('forms.detail.qr.latest', { n: latest.length })} />} />;
  return <QrLabels match={match} formId={formId} ids={ids} />;
}

function QrLabels({ match, formId, ids, note }: { match: RouteMatch; formId: string; ids: string[]; note?: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [form, setForm] = useState<FormInfo | null>(null);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [codes, setCodes] = useState<QrCode[] | null>(null);
  const [missing, setMissing] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.get<FormInfo>(`/api/forms/forms/${formId}`).then(
      (answer) => (setForm(answer.data), setChosen(defaultFields(answer.data.fields))),
      (failure: unknown) => setError(failureText(failure, t('common.fetchFailed'))),
    );
  }, [api, formId, t]);

  // The labels follow the chosen fields: each change asks for the batch again.
  useEffect(() => {
    if (chosen === null) return;
    let live = true;
    setCodes(null);
    api.post<{ codes: QrCode[]; missing: number }>(`/api/forms/forms/${formId}/qrcodes`, { ids, fields: chosen }, { json: true }).then(
      (answer) => live && (setCodes(answer.data.codes), setMissing(answer.data.missing), setError(null)),
      (failure: unknown) => live && (setCodes([]), setError(failureText(failure, t('common.fetchFailed')))),
    );
    return () => {
      live = false;
    };
  }, [api, chosen, formId, ids, t]);

  const offered = (form?.fields ?? []).filter((f) => !NOT_SHOWN.includes(f.type));
  const choose = (keys: string[]) => setChosen(keys.slice(0, QR_FIELDS_MAX));

  return (
    <div className="qp-fd qp-fd-printable">
      <Card className="qp-fd-noprint">
        <div className="qp-fd-toolbar">
          <Typography.Title heading={5} style={{ margin: 0 }}>
            {form ? t('forms.detail.qr.title', { form: form.name }) : t(match.route.title)}
          </Typography.Title>
          <span className="qp-fd-spacer" />
          <Button type="primary" icon={<IconPrinter />} disabled={!codes?.length} onClick={() => window.print()} data-testid="qrcode-print">
            {t('forms.detail.qr.print')}
          </Button>
        </div>
        <div className="qp-fd-toolbar" style={{ marginTop: 12 }}>
          <Typography.Text>{t('forms.detail.qr.fields', { max: QR_FIELDS_MAX })}</Typography.Text>
          <Select
            mode="multiple"
            style={{ minWidth: 320, maxWidth: '100%' }}
            value={chosen ?? []}
            onChange={choose}
            placeholder={t('forms.detail.qr.fieldsPlaceholder')}
            disabled={!form}
            data-testid="qrcode-fields"
          >
            {offered.map((f) => (
              <Select.Option key={f.key} value={f.key} disabled={!(chosen ?? []).includes(f.key) && (chosen ?? []).length >= QR_FIELDS_MAX}>
                {f.label}
              </Select.Option>
            ))}
          </Select>
          <Typography.Text type="secondary">{t('forms.detail.qr.count', { n: codes?.length ?? 0, total: ids.length })}</Typography.Text>
        </div>
      </Card>
      {note && <Alert type="info" content={note} className="qp-fd-noprint" data-testid="qrcode-latest" />}
      {error && <Alert type="error" content={error} className="qp-fd-noprint" data-testid="qrcode-error" />}
      {missing > 0 && <Alert type="warning" content={t('forms.detail.qr.missing', { n: missing })} className="qp-fd-noprint" data-testid="qrcode-missing" />}
      {codes === null && !error && <Spin className="qp-fd-loading" />}
      {codes?.length === 0 && !error && <Empty description={t('forms.detail.qr.none')} />}
      {codes && codes.length > 0 && form && (
        <div className="qp-fd-qr-grid" data-testid="qrcode-grid">
          {codes.map((code) => (
            <a key={code.id} className="qp-fd-qr-card" href={detailPath(match, form.appId, form.id, code.id)} title={t('forms.detail.qr.open')} data-testid={`qrcode-card-${code.id}`}>
              <img src={svgSource(code.svg)} alt={t('forms.detail.qr.alt', { id: code.id })} />
              {code.lines.map((line, index) => (
                <div key={index} className="qp-fd-qr-line">
                  <b>{t('forms.detail.qr.lineLabel', { label: line.label })}</b>
                  <span>{line.value || '—'}</span>
                </div>
              ))}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
