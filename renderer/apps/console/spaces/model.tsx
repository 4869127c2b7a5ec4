import { Form, Input, InputNumber, Tag } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnterpriseRow, ProviderRow } from '../../../../shared/api/console-spaces.ts';
import { useServices } from '../../../shell/services.tsx';

/** Root's provider and enterprise pages: paths, shared fields and loaders. */
export const PATHS = {
  providers: '/sysop/saas',
  addProvider: '/sysop/addSaas',
  enterprises: '/sysop/enterprise',
  addEnterprise: '/sysop/enterprise/add',
  editEnterprise: (id: string) => `/sysop/enterprise/edit?id=${encodeURIComponent(id)}`,
  space: (id: string) => `/sysop/enterprise/space?id=${encodeURIComponent(id)}`,
};

const STATUS_COLOR: Record<EnterpriseRow['status'], string> = { active: 'green', suspended: 'orangered', archived: 'gray' };

export function StatusTag({ status }: { status: EnterpriseRow['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="space-status">
      {t(`consoleSpaces.status.${status}`)}
    </Tag>
  );
}

/** The providers for pickers and the list; `error` holds the server's refusal in the user's language. */
export function useProviders(round = 0) {
  const { api } = useServices();
  const [providers, setProviders] = useState<ProviderRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.get<{ providers: ProviderRow[] }>('/api/console/providers').then(
      (answer) => live && (setProviders(answer.data.providers), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, round]);
  return { providers, error };
}

/** The first account of a provider or a space: login, name, password (and optional phone and e-mail). */
export function AccountFields({ prefix, testId, contact = false }: { prefix: string; testId: string; contact?: boolean }) {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('consoleSpaces.form.required') }];
  return (
    <>
      <Form.Item label={t('consoleSpaces.account.loginId')} field={`${prefix}.loginId`} rules={required}>
        <Input aria-label={t('consoleSpaces.account.loginId')} data-testid={`${testId}-login`} maxLength={64} />
      </Form.Item>
      <Form.Item label={t('consoleSpaces.account.name')} field={`${prefix}.name`} rules={required}>
        <Input aria-label={t('consoleSpaces.account.name')} data-testid={`${testId}-name`} maxLength={100} />
      </Form.Item>
      <Form.Item label={t('consoleSpaces.account.password')} field={`${prefix}.password`} rules={[...required, { minLength: 8, message: t('consoleSpaces.account.passwordShort') }]}>
        <Input.Password aria-label={t('consoleSpaces.account.password')} data-testid={`${testId}-password`} maxLength={128} autoComplete="new-password" />
      </Form.Item>
      {contact && (
        <>
          <Form.Item label={t('consoleSpaces.account.phone')} field={`${prefix}.phone`}>
            <Input aria-label={t('consoleSpaces.account.phone')} maxLength={20} />
          </Form.Item>
          <Form.Item label={t('consoleSpaces.account.email')} field={`${prefix}.email`}>
            <Input aria-label={t('consoleSpaces.account.email')} maxLength={200} />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** Quotas: empty means unlimited. */
export function QuotaFields() {
  const { t } = useTranslation();
  const fields = [
    ['members', 'consoleSpaces.quota.members'],
    ['apps', 'consoleSpaces.quota.apps'],
    ['storageMb', 'consoleSpaces.quota.storageMb'],
  ] as const;
  return (
    <>
      {fields.map(([name, label]) => (
        <Form.Item key={name} label={t(label)} field={`quotas.${name}`} extra={t('consoleSpaces.quota.emptyUnlimited')}>
          <InputNumber min={1} precision={0} aria-label={t(label)} data-testid={`quota-${name}`} style={{ width: 200 }} />
        </Form.Item>
      ))}
    </>
  );
}

/** Form values to the API's quotas: an empty box is null (unlimited). */
export function quotasOf(values: { members?: number | null; apps?: number | null; storageMb?: number | null } | undefined) {
  const n = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return { members: n(values?.members), apps: n(values?.apps), storageMb: n(values?.storageMb) };
}

/** Drops empty optional strings so the server sees them absent, not as bad input. */
export function withoutEmpty<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
}

export const quotaText = (t: (key: string) => string, value: number | null) => (value === null ? t('consoleSpaces.quota.unlimited') : String(value));
