import { Alert, Empty, Form, Input, Modal, Select, Spin } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlobalFilter } from '../../../../shared/dashboards/model.ts';
import { useServices } from '../../../shell/services.tsx';
import { newItemId } from './board-model.ts';
import { boardsApi, type FormFields } from './boards-api.ts';
import { filterCandidates, targetsFor } from './global-filters.ts';

/** The fields of each form (GET /fields, only those the viewer may see); forms that cannot be read are left out. */
export function useFormFields(formIds: readonly string[]) {
  const { api } = useServices();
  const key = [...new Set(formIds)].sort().join(',');
  const [forms, setForms] = useState<FormFields[] | null>(null);
  useEffect(() => {
    let live = true;
    const ids = key ? key.split(',') : [];
    Promise.all(ids.map((id) => boardsApi(api).fields(id).catch(() => null))).then((found) => live && setForms(found.filter((f): f is FormFields => !!f)));
    return () => {
      live = false;
    };
  }, [api, key]);
  return forms;
}

const candidateKey = (label: string, kind: string) => `${label}\u0000${kind}`;

/**
 * Adding a global filter: pick a field name among the fields of the board's forms; the filter then applies to every
 * form on the board with a field of that name and kind (listed before adding), under a label the editor may change.
 */
export function FilterDialog({ forms, onAdd, onClose }: { forms: FormFields[] | null; onAdd(filter: GlobalFilter): void; onClose(): void }) {
  const { t } = useTranslation();
  const candidates = useMemo(() => filterCandidates(forms ?? []), [forms]);
  const [picked, setPicked] = useState<string>('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const candidate = candidates.find((c) => candidateKey(c.label, c.kind) === picked);
  const targets = candidate ? targetsFor(forms ?? [], candidate.label, candidate.kind) : [];
  const formName = (id: string) => forms?.find((f) => f.formId === id)?.formName ?? id;

  function add() {
    if (!candidate || targets.length === 0) return setError(t('dashboards.boards.filter.pickField'));
    if (!label.trim()) return setError(t('dashboards.boards.filter.labelRequired'));
    onAdd({ id: newItemId(), label: label.trim(), kind: candidate.kind, targets });
  }

  return (
    <Modal visible title={t('dashboards.boards.filter.add')} onOk={add} onCancel={onClose} okText={t('dashboards.boards.filter.addOk')} cancelText={t('dashboards.boards.cancel')} okButtonProps={{ 'data-testid': 'filter-dialog-ok' } as object} unmountOnExit>
      {forms === null ? (
        <Spin />
      ) : candidates.length === 0 ? (
        <Empty description={t('dashboards.boards.filter.noFields')} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('dashboards.boards.filter.field')} required extra={t('dashboards.boards.filter.fieldHint')}>
            <Select
              showSearch
              value={picked || undefined}
              placeholder={t('dashboards.boards.filter.pickField')}
              aria-label={t('dashboards.boards.filter.field')}
              data-testid="filter-dialog-field"
              onChange={(key: string) => {
                setPicked(key);
                setError(null);
                const next = candidates.find((c) => candidateKey(c.label, c.kind) === key);
                if (next) setLabel(next.label);
              }}
            >
              {candidates.map((c) => (
                <Select.Option key={candidateKey(c.label, c.kind)} value={candidateKey(c.label, c.kind)}>
                  {t('dashboards.boards.filter.candidate', { name: c.label, kind: t(`dashboards.boards.kind.${c.kind}`), count: c.forms })}
                </Select.Option>
              ))}
            </Select>
          </Form.Item>
          <Form.Item label={t('dashboards.boards.filter.label')} required>
            <Input value={label} onChange={setLabel} maxLength={60} aria-label={t('dashboards.boards.filter.label')} data-testid="filter-dialog-label" />
          </Form.Item>
          {candidate && (
            <p className="qp-board-filter-targets" data-testid="filter-dialog-targets">
              {t('dashboards.boards.filter.appliesTo', { forms: targets.map((target) => formName(target.formId)).join('、') })}
            </p>
          )}
        </Form>
      )}
      {error && <Alert type="error" content={error} data-testid="filter-dialog-error" />}
    </Modal>
  );
}
