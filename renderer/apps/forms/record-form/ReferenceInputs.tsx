import { Select } from '@arco-design/web-react';
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shell/services.tsx';
import { departmentPaths, useDirectory } from './directory.tsx';
import type { FieldInputProps } from './types.ts';

const RELATION_PAGE = 20;
const SEARCH_DELAY_MS = 300;
const VALID_ID = /^[0-9]{1,18}$/;

interface Choice {
  value: string;
  label: string;
}

/** Options filter on their visible text (names), not on the ids behind them. */
const byLabel = (input: string, option: ReactElement) =>
  String((option.props as { children?: unknown }).children ?? '').toLowerCase().includes(input.trim().toLowerCase());

/** A value the choices do not hold yet (a record's current member) still shows a name, never a bare id. */
function withCurrent(choices: Choice[], value: unknown, known: Record<string, string> | undefined): Choice[] {
  if (typeof value !== 'string' || value === '' || choices.some((c) => c.value === value)) return choices;
  return [{ value, label: known?.[value] ?? `#${value}` }, ...choices];
}

/** member / department: a searchable pick from the space's directory. */
export function DirectoryInput({ field, value, onChange, labels, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const directory = useDirectory();
  const isMember = field.type === 'member';
  const choices = useMemo<Choice[]>(() => {
    if (!directory) return [];
    if (isMember) return directory.users.map((u) => ({ value: u.id, label: u.name }));
    const paths = departmentPaths(directory.departments);
    return directory.departments.map((d) => ({ value: d.id, label: paths.get(d.id) ?? d.name }));
  }, [directory, isMember]);
  const options = withCurrent(choices, value, isMember ? labels?.users : labels?.departments);
  return (
    <Select
      showSearch
      allowClear
      disabled={disabled}
      loading={directory === null}
      placeholder={t(isMember ? 'forms.ui.input.pickMember' : 'forms.ui.input.pickDepartment')}
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(next: string | undefined) => onChange(next ?? null)}
      filterOption={byLabel}
      notFoundContent={t('forms.ui.input.noMatch')}
      options={options}
    />
  );
}

interface RecordsAnswer {
  records: Array<{ id: string; number: string | null; values: Record<string, unknown> }>;
}

/** relation: a record of the related form, found by the server's search as the user types. */
export function RelationInput({ field, value, onChange, labels, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [choices, setChoices] = useState<Choice[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  const formId = field.relation?.formId ?? '';
  const displayField = field.relation?.displayField;

  useEffect(() => () => clearTimeout(timer.current), []);

  function load(text: string) {
    if (!VALID_ID.test(formId)) return;
    const call = ++latest.current;
    setLoading(true);
    const q = text.trim();
    api
      .get<RecordsAnswer>(`/api/forms/forms/${formId}/records`, {
        params: { ...(q ? { q } : {}), pageSize: RELATION_PAGE, ...(displayField ? { columns: displayField } : {}) },
      })
      .then(
        (answer) => {
          if (call !== latest.current) return; // an older search answered late
          setChoices(
            answer.data.records.map((r) => {
              const shown = displayField ? r.values[displayField] : undefined;
              const label = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : (r.number ?? `#${r.id}`);
              return { value: r.id, label };
            }),
          );
        },
        () => call === latest.current && setChoices([]),
      )
      .finally(() => call === latest.current && setLoading(false));
  }

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => load(text), SEARCH_DELAY_MS);
  };

  return (
    <Select
      showSearch
      allowClear
      disabled={disabled || !VALID_ID.test(formId)}
      loading={loading}
      placeholder={t('forms.ui.input.pickRecord')}
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(next: string | undefined) => onChange(next ?? null)}
      onSearch={search}
      onFocus={() => choices.length === 0 && load('')}
      filterOption={false}
      notFoundContent={t('forms.ui.input.noMatch')}
      options={withCurrent(choices, value, labels?.relations?.[field.key])}
    />
  );
}
