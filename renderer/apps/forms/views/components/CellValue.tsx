import { Tag, Typography } from '@arco-design/web-react';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmptyValue, type FieldDef, type FileRef } from '../../../../../shared/forms/fields.ts';
import { FilesDownloadable } from '../../record-form/FileInput.tsx';
import { numberText } from '../../record-form/number-text.ts';
import type { RecordLabels } from '../../record-form/types.ts';
import { fileLink } from '../links.ts';
import { isSystemField } from '../model/records.ts';

/** Rich text as plain text for a table cell; DOMParser runs no scripts and loads no images. */
function textOfHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const asFiles = (value: unknown): FileRef[] =>
  Array.isArray(value) ? value.filter((f): f is FileRef => typeof f === 'object' && f !== null && typeof (f as FileRef).fileId === 'string') : [];

export interface CellValueProps {
  field: FieldDef | undefined;
  /** The column key: a form field key or a system field (creator, times…). */
  column: string;
  value: unknown;
  labels: RecordLabels | undefined;
  spaceUri: string;
}

/** One value in a table cell or card, compact: names for ids, local times, choices as tags, files as links. */
export function CellValue({ field, column, value, labels, spaceUri }: CellValueProps) {
  const { t, i18n } = useTranslation();
  const downloadable = useContext(FilesDownloadable);
  if (isEmptyValue(value)) return <Typography.Text type="secondary">—</Typography.Text>;
  const id = String(value);
  const time = (text: string) => (Number.isNaN(Date.parse(text)) ? text : new Date(text).toLocaleString(i18n.language));

  if (isSystemField(column)) {
    if (column === 'createdAt' || column === 'updatedAt') return <span>{time(id)}</span>;
    if (column === 'number') return <span>{id}</span>;
    return <span>{labels?.users?.[id] ?? `#${id}`}</span>;
  }
  switch (field?.type) {
    case 'select':
    case 'radio':
      return <Tag size="small" color="arcoblue">{id}</Tag>;
    case 'multiselect':
    case 'checkbox':
      return (
        <span className="qp-fv-tags">
          {(Array.isArray(value) ? value : [value]).map((v) => (
            <Tag key={String(v)} size="small" color="arcoblue">{String(v)}</Tag>
          ))}
        </span>
      );
    case 'member':
      return <span>{labels?.users?.[id] ?? `#${id}`}</span>;
    case 'department':
      return <span>{labels?.departments?.[id] ?? `#${id}`}</span>;
    case 'relation':
      return <span>{labels?.relations?.[field.key]?.[id] ?? `#${id}`}</span>;
    case 'datetime':
      return <span>{time(id)}</span>;
    case 'number':
    case 'amount': {
      const n = typeof value === 'number' ? value : Number(value);
      return <span className="qp-fv-number">{Number.isFinite(n) ? numberText(field, n, i18n.language) : id}</span>;
    }
    case 'attachment':
    case 'image':
      return (
        <span className="qp-fv-files">
          {asFiles(value).map((file) =>
            // An attachment the data-sharing policy keeps in the platform is named, not linked (decision 0046).
            field?.type === 'image' || downloadable ? (
              <a key={file.fileId} href={fileLink(spaceUri, file.fileId)} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>
                {file.name}
              </a>
            ) : (
              <span key={file.fileId}>{file.name}</span>
            ),
          )}
        </span>
      );
    case 'richtext': {
      const text = textOfHtml(id);
      return <span className="qp-fv-ellipsis" title={text}>{text}</span>;
    }
    case 'subtable':
      return <Typography.Text type="secondary">{t('forms.views.cell.rows', { n: Array.isArray(value) ? value.length : 0 })}</Typography.Text>;
    default:
      return typeof value === 'object' ? null : <span className="qp-fv-ellipsis" title={id}>{id}</span>;
  }
}
