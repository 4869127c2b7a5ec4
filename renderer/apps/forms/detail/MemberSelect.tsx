import { Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useDirectory } from '../record-form/directory.tsx';
import type { Member } from './types.ts';

interface MemberSelectProps {
  value: string[] | string | undefined;
  onChange(value: string[] | string): void;
  multiple?: boolean;
  /** People who may not be chosen (the record's owner for a transfer, those it is already shared with). */
  exclude?: readonly string[];
  testId?: string;
}

/**
 * Members of the space from GET /api/forms/directory (the record form's DirectoryProvider must be above), as
 * "name (login id)" so two people with the same name can be told apart; searchable by either.
 */
export function MemberSelect({ value, onChange, multiple, exclude = [], testId }: MemberSelectProps) {
  const { t } = useTranslation();
  const directory = useDirectory();
  const members = ((directory?.users ?? []) as Member[]).filter((m) => !exclude.includes(m.id));
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      value={value}
      onChange={onChange}
      loading={directory === null}
      showSearch
      allowClear
      placeholder={t('forms.ui.input.pickMember')}
      notFoundContent={t('forms.ui.input.noMatch')}
      filterOption={(input, option) => String((option as { props?: { extra?: string } }).props?.extra ?? '').toLowerCase().includes(input.trim().toLowerCase())}
      data-testid={testId}
    >
      {members.map((m) => (
        <Select.Option key={m.id} value={m.id} extra={`${m.name} ${m.loginId ?? ''}`}>
          {m.loginId ? `${m.name} (${m.loginId})` : m.name}
        </Select.Option>
      ))}
    </Select>
  );
}
