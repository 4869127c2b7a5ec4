import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { recordTitle } from '../detail/model.ts';
import type { RecordLabels } from '../record-form/types.ts';
import type { RecordRow } from '../views/types.ts';
import { cardText } from './card-model.ts';

interface Props {
  record: RecordRow;
  fields: readonly FieldDef[];
  shown: readonly FieldDef[];
  labels: RecordLabels;
  href: string;
  onOpen(): void;
}

/** One record as a touch target: its title, its number and a few short fields; the whole card opens it. */
export function RecordCard({ record, fields, shown, labels, href, onOpen }: Props) {
  const { i18n } = useTranslation();
  return (
    <a
      className="qp-mf-card"
      href={href}
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
      data-testid={`mf-record-${record.id}`}
    >
      <span className="qp-mf-card-title">{recordTitle(fields, record, labels)}</span>
      {record.number && <span className="qp-mf-card-number">{record.number}</span>}
      <dl className="qp-mf-card-fields">
        {shown.map((field) => (
          <div key={field.key} className="qp-mf-card-line">
            <dt>{field.label}</dt>
            <dd>{cardText(field, record.values[field.key], labels, i18n.language) || '—'}</dd>
          </div>
        ))}
      </dl>
    </a>
  );
}
