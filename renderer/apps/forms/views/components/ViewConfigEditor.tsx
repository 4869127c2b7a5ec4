import { Button, Checkbox, Form, Input, Radio, Select, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_FIELDS, type FieldDef } from '../../../../../shared/forms/fields.ts';
import { PAGE_SIZE_MAX } from '../../../../../shared/constants.ts';
import type { DraftGroup } from '../model/filter-model.ts';
import { labelOf } from '../model/records.ts';
import { fieldsFor, parsePageSize, sortableKeys, type FieldRole } from '../model/view-config.ts';
import type { ViewConfig, ViewKind } from '../types.ts';
import { FilterBuilder } from './FilterBuilder.tsx';
import { LevelsEditor } from './LevelsEditor.tsx';

/** What the dialog edits besides name and kind: the config, the page size as typed, the filter as a draft. */
export interface ConfigDraft {
  config: ViewConfig;
  pageSizeText: string;
  filter: DraftGroup;
}

interface Props {
  kind: ViewKind;
  fields: readonly FieldDef[];
  value: ConfigDraft;
  onChange(next: ConfigDraft): void;
}

/** The settings of one view kind (list columns/sort/page size, board group, calendar date, occupy fields, cascade levels) and its filter. */
export function ViewConfigEditor({ kind, fields, value, onChange }: Props) {
  const { t } = useTranslation();
  const { config } = value;
  const set = (patch: Partial<ViewConfig>) => onChange({ ...value, config: { ...config, ...patch } });
  const pick = (role: FieldRole, key: keyof ViewConfig, label: string, testid: string) => {
    const options = fieldsFor(fields, role);
    return (
      <Form.Item label={label} required extra={options.length === 0 ? t('forms.views.config.noFitting') : undefined}>
        <Select data-testid={testid} value={(config[key] as string | undefined) ?? undefined} placeholder={t('forms.views.config.chooseField')} options={options.map((f) => ({ value: f.key, label: f.label || f.key }))} onChange={(v: string) => set({ [key]: v })} />
      </Form.Item>
    );
  };
  const allColumns = [...fields.map((f) => f.key), ...SYSTEM_FIELDS];
  const pageSizeBad = value.pageSizeText.trim() !== '' && parsePageSize(value.pageSizeText) === null;

  return (
    <>
      {kind === 'board' && pick('groupField', 'groupField', t('forms.views.config.groupField'), 'config-group-field')}
      {kind === 'calendar' && (
        <>
          {pick('dateField', 'dateField', t('forms.views.config.dateField'), 'config-date-field')}
          <Form.Item label={t('forms.views.config.mode')}>
            <Radio.Group type="button" value={config.mode ?? 'month'} onChange={(mode: 'month' | 'week' | 'day') => set({ mode })}>
              {(['month', 'week', 'day'] as const).map((m) => <Radio key={m} value={m}>{t(`forms.views.calendar.${m}`)}</Radio>)}
            </Radio.Group>
          </Form.Item>
        </>
      )}
      {kind === 'occupy' && (
        <>
          {pick('resourceField', 'resourceField', t('forms.views.config.resourceField'), 'config-resource-field')}
          {pick('startField', 'startField', t('forms.views.config.startField'), 'config-start-field')}
          {pick('endField', 'endField', t('forms.views.config.endField'), 'config-end-field')}
        </>
      )}
      {kind === 'cascade' && (
        <Form.Item label={t('forms.views.config.levels')} required>
          <LevelsEditor fields={fields} levels={config.levels ?? []} onChange={(levels) => set({ levels })} />
        </Form.Item>
      )}
      {(kind === 'list' || kind === 'board' || kind === 'cascade') && (
        <Form.Item label={kind === 'board' ? t('forms.views.config.cardFields') : t('forms.views.config.columns')} extra={t('forms.views.config.columnsHint')}>
          <Space size="mini" className="qp-fv-columns-actions">
            <Button size="mini" type="text" onClick={() => set({ columns: allColumns })}>{t('forms.views.config.all')}</Button>
            <Button size="mini" type="text" onClick={() => set({ columns: [] })}>{t('forms.views.config.clear')}</Button>
          </Space>
          <Checkbox.Group
            className="qp-fv-columns"
            value={config.columns ?? []}
            options={allColumns.map((key) => ({ value: key, label: labelOf(fields, key, t) }))}
            onChange={(columns: string[]) => set({ columns: allColumns.filter((k) => columns.includes(k)) })}
          />
        </Form.Item>
      )}
      {(kind === 'list' || kind === 'cascade') && (
        <>
          <Form.Item label={t('forms.views.config.sort')}>
            <Space>
              <Select
                style={{ width: 220 }}
                allowClear
                value={config.sort?.field}
                placeholder={t('forms.views.config.sortDefault')}
                options={sortableKeys(fields).map((key) => ({ value: key, label: labelOf(fields, key, t) }))}
                onChange={(field: string | undefined) => set({ sort: field ? { field, dir: config.sort?.dir ?? 'asc' } : undefined })}
              />
              <Radio.Group type="button" disabled={!config.sort} value={config.sort?.dir ?? 'asc'} onChange={(dir: 'asc' | 'desc') => config.sort && set({ sort: { ...config.sort, dir } })}>
                <Radio value="asc">{t('forms.views.config.asc')}</Radio>
                <Radio value="desc">{t('forms.views.config.desc')}</Radio>
              </Radio.Group>
            </Space>
          </Form.Item>
          <Form.Item label={t('forms.views.config.pageSize')} validateStatus={pageSizeBad ? 'error' : undefined} help={pageSizeBad ? t('forms.views.problem.pageSize', { max: PAGE_SIZE_MAX }) : t('forms.views.config.pageSizeHint', { max: PAGE_SIZE_MAX })}>
            <Input style={{ width: 120 }} data-testid="config-page-size" value={value.pageSizeText} maxLength={4} placeholder="20" onChange={(text) => onChange({ ...value, pageSizeText: text })} />
          </Form.Item>
        </>
      )}
      <Form.Item label={t('forms.views.config.filter')}>
        <FilterBuilder fields={fields} value={value.filter} onChange={(filter) => onChange({ ...value, filter })} />
      </Form.Item>
    </>
  );
}
