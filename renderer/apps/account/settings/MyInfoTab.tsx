import { Alert, Button, DatePicker, Descriptions, Input, Message, Radio, Select, Space, Spin, Typography } from '@arco-design/web-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SELF_PROFILE_FIELDS, SELF_PROFILE_PATH, type SelfField, type SelfProfile, type SelfProfileField } from '../../../../shared/api/org-self.ts';
import { MEMBER_LIMITS, letters, memberProblems } from '../../../../shared/org/member.ts';
import { fieldKey, type MemberFieldDef } from '../../../../shared/org/member-fields.ts';
import { TransportError } from '../../../kernel/transport.ts';
import { useServices } from '../../../shell/services.tsx';
import { AvatarSection } from './AvatarSection.tsx';
import './my-info.css';

type Changes = Partial<Record<SelfProfileField, string | null>>;
interface Problem {
  field: string | null;
  text: string;
}

/** A self-editable field as the shared rules see it (the server checks the same definition). */
const definition = (field: SelfField): MemberFieldDef => ({ ...field, labelEn: '', onCard: false, selfEdit: true, enabled: true, sort: 0 });
const stored = (profile: SelfProfile, field: SelfProfileField) => profile[field] ?? '';

/**
 * Personal settings "My info" (§2.8, §3; decision 0062): the member's user information in this space.
 * What the administrator lets him change (element/setting/member) has an input; the rest is shown as kept by the
 * administrator. Phone and e-mail are bound with a code on the account-security tab.
 */
export function MyInfoTab() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [profile, setProfile] = useState<SelfProfile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [changes, setChanges] = useState<Changes>({});
  const [fields, setFields] = useState<Record<string, string | null>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () =>
    api.get<SelfProfile>(SELF_PROFILE_PATH).then(
      (answer) => (setProfile(answer.data), setLoadError(null)),
      (failure: Error) => setLoadError(failure.message || t('orgSelf.info.loadFailed')),
    );
  useEffect(() => void load(), [api]); // eslint-disable-line react-hooks/exhaustive-deps

  if (loadError) return <Alert type="error" content={loadError} action={<Button size="mini" onClick={() => void load()}>{t('common.retry')}</Button>} data-testid="my-info-error" />;
  if (!profile) return <Spin data-testid="my-info-loading" />;

  const me = profile;
  const editable = new Set<string>(me.editable);
  const can = (field: SelfProfileField) => editable.has(field) && (SELF_PROFILE_FIELDS as readonly string[]).includes(field);
  const value = (field: SelfProfileField) => (field in changes ? (changes[field] ?? '') : stored(me, field));
  const set = (field: SelfProfileField, next: string | null) => (setChanges({ ...changes, [field]: next }), setProblem(null));
  const errorOf = (field: string) => (problem?.field === field ? problem.text : null);
  const none = t('orgSelf.info.none');

  async function save() {
    // Only what really differs from what is stored; the server merges it with the rest.
    const sent = Object.fromEntries(Object.entries(changes).filter(([field, next]) => (next ?? '') !== stored(me, field as SelfProfileField))) as Changes;
    const sentFields = Object.fromEntries(Object.entries(fields).filter(([id, next]) => (next ?? '') !== (me.fields.find((f) => f.id === id)?.value ?? '')));
    if (!Object.keys(sent).length && !Object.keys(sentFields).length) return void Message.info(t('orgSelf.info.nothingChanged'));
    const touched = new Set([...Object.keys(sent), ...me.fields.map((f) => fieldKey(f.id))]);
    const merged = { ...me, ...sent, name: sent.name ?? me.name, fields: Object.keys(sentFields).length ? Object.fromEntries(me.fields.map((f) => [f.id, f.id in sentFields ? sentFields[f.id]! : f.value])) : undefined };
    const local = memberProblems(merged as Parameters<typeof memberProblems>[0], new Date(), me.fields.map(definition), i18n.language).find((p) => touched.has(p.field));
    if (local) return setProblem({ field: local.field, text: t(local.key, { ...local.params, field: t(String(local.params?.field ?? '')) }) });
    setBusy(true);
    try {
      const answer = await api.put<SelfProfile>(SELF_PROFILE_PATH, { changes: sent, ...(Object.keys(sentFields).length ? { fields: sentFields } : {}), updatedAt: me.updatedAt }, { json: true });
      setProfile(answer.data);
      setChanges({});
      setFields({});
      setProblem(null);
      Message.success(t('orgSelf.info.saved'));
    } catch (failure) {
      const field = failure instanceof TransportError ? ((failure.data as { field?: string } | null)?.field ?? null) : null;
      setProblem({ field, text: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  }

  /** A §3 field: an input when he may change it, else its value as the administrator keeps it. */
  const item = (field: SelfProfileField, shown: ReactNode, input: () => ReactNode) => ({
    label: t(`org.member.${field}`),
    value: can(field) ? (
      <div data-testid={`my-info-${field}`}>
        {input()}
        {errorOf(field) && <div className="qp-my-info-error" role="alert">{errorOf(field)}</div>}
      </div>
    ) : (
      <span data-testid={`my-info-${field}`}>{shown || none}</span>
    ),
  });
  const textInput = (field: SelfProfileField, max?: number) => () => (
    <Input value={value(field) ?? ''} maxLength={max} onChange={(next) => set(field, next)} aria-label={t(`org.member.${field}`)} data-testid={`my-info-input-${field}`} status={errorOf(field) ? 'error' : undefined} />
  );
  const gender = (g: string | null) => (g ? t(`orgSelf.info.${g}`) : '');
  const signature = value('signature') ?? '';

  const rows = [
    item('name', me.name, textInput('name', MEMBER_LIMITS.name)),
    item('gender', gender(me.gender), () => (
      <Radio.Group value={value('gender') || undefined} onChange={(next: string) => set('gender', next)} data-testid="my-info-input-gender">
        <Radio value="male">{t('orgSelf.info.male')}</Radio>
        <Radio value="female">{t('orgSelf.info.female')}</Radio>
      </Radio.Group>
    )),
    item('birthday', me.birthday ?? '', () => <DatePicker value={value('birthday') || undefined} onChange={(next: string) => set('birthday', next || null)} aria-label={t('org.member.birthday')} data-testid="my-info-input-birthday" />),
    { label: t('org.member.departments'), value: <span data-testid="my-info-departments">{me.departments.join('、') || none}</span> },
    { label: t('org.member.loginId'), value: <span data-testid="my-info-loginId">{me.loginId}</span> },
    { label: t('org.member.phone'), value: <span data-testid="my-info-phone">{me.phone || none}</span> },
    { label: t('org.member.email'), value: <span data-testid="my-info-email">{me.email || none}</span> },
    item('qq', me.qq ?? '', textInput('qq', 12)),
    item('idCard', me.idCard ?? '', textInput('idCard', 18)),
    item('address', me.address, textInput('address', MEMBER_LIMITS.address)),
    item('signature', me.signature, () => (
      <>
        {textInput('signature')()}
        <Typography.Text type={letters(signature.trim()) > MEMBER_LIMITS.signature ? 'error' : 'secondary'} data-testid="my-info-signature-count">
          {t('orgSelf.info.signatureCount', { count: letters(signature.trim()), limit: MEMBER_LIMITS.signature })}
        </Typography.Text>
      </>
    )),
    { label: t('orgSelf.info.mainPost'), value: <span data-testid="my-info-mainPost">{me.mainPost || none}</span> },
    { label: t('orgSelf.info.partTimePosts'), value: <span data-testid="my-info-partTimePosts">{me.partTimePosts.join('、') || none}</span> },
    { label: t('org.member.superior'), value: <span data-testid="my-info-superior">{me.superior || none}</span> },
    item('extension', me.extension, textInput('extension', 20)),
    { label: t('org.member.entryDate'), value: <span data-testid="my-info-entryDate">{me.entryDate || none}</span> },
    item('jobDescription', me.jobDescription, () => (
      <Input.TextArea value={value('jobDescription') ?? ''} maxLength={MEMBER_LIMITS.jobDescription} autoSize onChange={(next) => set('jobDescription', next)} aria-label={t('org.member.jobDescription')} data-testid="my-info-input-jobDescription" />
    )),
    ...me.fields.map((field) => ({ label: field.label, value: <FieldInput field={field} value={field.id in fields ? fields[field.id]! : field.value} error={errorOf(fieldKey(field.id))} onChange={(next) => (setFields({ ...fields, [field.id]: next }), setProblem(null))} /> })),
  ];
  const dirty = Object.keys(changes).length > 0 || Object.keys(fields).length > 0;

  return (
    <div className="qp-my-info" data-testid="my-info">
      <AvatarSection name={me.name} portrait={me.portrait} editable={editable.has('portrait')} onChanged={(portrait) => setProfile({ ...me, portrait })} />
      <Descriptions column={1} border data={rows} labelStyle={{ width: 160 }} data-testid="my-info-fields" />
      <Typography.Paragraph type="secondary" className="qp-my-info-hints">
        <span data-testid="my-info-bound-hint">{t('orgSelf.info.boundHint')}</span> {t('orgSelf.info.readOnlyHint')}
      </Typography.Paragraph>
      {/* A problem of a field with an input is shown under it; any other (a conflict, say) here. */}
      {problem && !(problem.field && (can(problem.field as SelfProfileField) || problem.field.startsWith('fields.'))) && <Alert type="error" content={problem.text} data-testid="my-info-problem" />}
      <Space>
        <Button type="primary" loading={busy} onClick={() => void save()} data-testid="my-info-save">{t('orgSelf.info.save')}</Button>
        <Button disabled={!dirty} onClick={() => (setChanges({}), setFields({}), setProblem(null))} data-testid="my-info-reset">{t('orgSelf.info.reset')}</Button>
      </Space>
    </div>
  );
}

/** A self-editable extension field's input by its kind. */
function FieldInput({ field, value, error, onChange }: { field: SelfField; value: string | null; error: string | null; onChange(next: string | null): void }) {
  const testId = `my-info-field-${field.id}`;
  let input: ReactNode;
  if (field.kind === 'select') input = <Select allowClear value={value ?? undefined} options={field.options} onChange={(next?: string) => onChange(next ?? null)} aria-label={field.label} data-testid={testId} />;
  else if (field.kind === 'date') input = <DatePicker value={value ?? undefined} onChange={(next: string) => onChange(next || null)} aria-label={field.label} data-testid={testId} />;
  else input = <Input value={value ?? ''} onChange={onChange} aria-label={field.label} data-testid={testId} status={error ? 'error' : undefined} />;
  return (
    <div>
      {input}
      {error && <div className="qp-my-info-error" role="alert">{error}</div>}
    </div>
  );
}
