import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { configProblems } from '../model/view-config.ts';
import type { RecordRow, ViewConfig, ViewKind } from '../types.ts';
import { BoardView } from './BoardView.tsx';
import { CalendarView } from './CalendarView.tsx';
import { CascadeView } from './CascadeView.tsx';
import { ListView } from './ListView.tsx';
import { OccupyView } from './OccupyView.tsx';

export interface ViewBodyProps {
  kind: ViewKind;
  /** null: the form has no field this kind can use. */
  config: ViewConfig | null;
  formId: string;
  fields: readonly FieldDef[];
  filter: FilterGroup | undefined;
  q: string;
  reloadKey: number;
  spaceUri: string;
  canCreate: boolean;
  onOpen(record: RecordRow): void;
  onCreate(prefill?: Record<string, unknown>): void;
  onChanged(): void;
  onQrCodes(ids: string[]): void;
  /** Opens the view dialog for this kind (to pick the fields it needs). */
  onConfigure(): void;
}

/** The records of the active view, shown as its kind. */
export function ViewBody(props: ViewBodyProps) {
  const { t } = useTranslation();
  const { kind, config, formId, fields, filter, reloadKey, spaceUri, canCreate, onOpen } = props;
  const problems = config ? configProblems(kind, config, fields).filter((p) => p !== 'forms.views.problem.pageSize') : [];
  if (!config || problems.length) {
    return (
      <Result
        status="warning"
        data-testid="view-unfit"
        title={config ? t('forms.views.unfitTitle') : t('forms.views.noFieldsTitle', { kind: t(`forms.views.kind.${kind}`) })}
        subTitle={config ? problems.map((p) => t(p)).join(' ') : t(`forms.views.noFields.${kind}`)}
        extra={<Button type="primary" onClick={props.onConfigure}>{t('forms.views.configure')}</Button>}
      />
    );
  }
  const onCreate = (prefill: Record<string, unknown>) => props.onCreate(prefill);
  const list = (listFilter: FilterGroup | undefined) => (
    <ListView
      formId={formId}
      fields={fields}
      config={config}
      filter={listFilter}
      q={props.q}
      reloadKey={reloadKey}
      spaceUri={spaceUri}
      canCreate={canCreate}
      onOpen={onOpen}
      onCreate={() => props.onCreate()}
      onChanged={props.onChanged}
      onQrCodes={props.onQrCodes}
    />
  );
  const byKey = (key: string | undefined) => fields.find((f) => f.key === key)!;

  switch (kind) {
    case 'list':
      return list(filter);
    case 'board':
      return <BoardView formId={formId} fields={fields} field={byKey(config.groupField)} config={config} filter={filter} reloadKey={reloadKey} spaceUri={spaceUri} canCreate={canCreate} onOpen={onOpen} onCreate={onCreate} />;
    case 'calendar':
      return <CalendarView key={config.mode} formId={formId} fields={fields} field={byKey(config.dateField)} config={config} filter={filter} reloadKey={reloadKey} canCreate={canCreate} onOpen={onOpen} onCreate={onCreate} />;
    case 'occupy':
      return (
        <OccupyView
          formId={formId}
          fields={fields}
          occupy={{ resourceField: config.resourceField!, startField: config.startField!, endField: config.endField! }}
          filter={filter}
          reloadKey={reloadKey}
          canCreate={canCreate}
          onOpen={onOpen}
          onCreate={onCreate}
        />
      );
    case 'cascade':
      return <CascadeView formId={formId} fields={fields} config={config} filter={filter} reloadKey={reloadKey} renderList={list} />;
  }
}
