import { Alert, DatePicker, Form, Grid, Input, Modal, Radio, Select } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_LIMITS, memberProblems, letters } from '../../../shared/org/member.ts';
import type { MemberFieldValues } from '../../../shared/org/member-fields.ts';
import { TransportError } from '../../kernel/transport.ts';
import { useServices } from '../../shell/services.tsx';
import type { MemberDetail, MemberRow } from './member-api.ts';
import { MemberFieldInputs } from './MemberFieldInputs.tsx';
import { useMemberFields } from './member-fields-api.ts';
import { departmentOptions, type Department, type Post } from './org-api.ts';

type Draft = Omit<MemberDetail, 'id' | 'state' | 'updatedAt'> & { password: string; fields: MemberFieldValues };
const EMPTY: Draft = {
  loginId: '', name: '', password: '', phone: null, email: null, gender: null, birthday: null, qq: null, idCard: null, address: '', signature: '',
  extension: '', entryDate: null, jobDescription: '', departmentIds: [], mainPostId: null, partTimePostIds: [], superiorId: null, fields: {},
};

/** Fields that show their own error under the input; any other problem shows above the buttons. */
const AT_FIELD = new Set(['loginId', 'name', 'password', 'phone', 'email', 'qq', 'idCard', 'address', 'extension', 'birthday', 'entryDate', 'signature']);

/** Members found by name or login for the superior field (remote search: a space may have ten thousand). */
function useMemberSearch() {
  const { api } = useServices();
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const search = (q: string) =>
    void api.get('/api/org/members/list', { params: { q, size: 20 } }).then(
      (answer) => setOptions((answer.data as { members: MemberRow[] }).members.map((m) => ({ value: m.id, label: `${m.name} (${m.loginId})` }))),
      () => setOptions([]),
    );
  return { options, search, setOptions };
}

/**
 * Adds or edits a member with every user-information field of spec §3. The shared rules (`memberProblems`) run
 * before sending, so most mistakes show at the field at once; the server runs the same rules and its 422 names the
 * field too. Without a password a new member is invited: `onSaved` receives the new member and the link to hand over.
 */
export function MemberDialog(props: { row: MemberRow | null; departments: Department[]; posts: Post[]; onClose: () => void; onSaved: (created: { id: string; invitation: string | null } | null) => void }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  // The space's extension fields (decision 0048): their values travel with the rest, checked by the same rules.
  const extension = useMemberFields();
  const editing = props.row;
  const [draft, setDraft] = useState<Draft | null>(editing ? null : EMPTY);
  const [updatedAt, setUpdatedAt] = useState('');
  const [problem, setProblem] = useState<{ field: string | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const superior = useMemberSearch();

  useEffect(() => {
    if (!editing) return;
    api.get(`/api/org/members/${editing.id}`).then(
      (answer) => {
        const data = answer.data as MemberDetail & { fields?: MemberFieldValues };
        // Only what the dialog edits: the detail also carries read-only facts (roles, join date) that an edit may not send.
        const picked = Object.fromEntries(Object.keys(EMPTY).map((key) => [key, (data as unknown as Record<string, unknown>)[key] ?? EMPTY[key as keyof Draft]])) as Draft;
        setDraft({ ...picked, fields: data.fields ?? {}, password: '' });
        setUpdatedAt(data.updatedAt);
        if (data.superiorId) superior.setOptions([{ value: data.superiorId, label: editing.superior ?? data.superiorId }]);
      },
      (failure: Error) => setProblem({ field: null, text: failure.message }),
    );
  }, [api, editing]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => draft && setDraft({ ...draft, [key]: value });
  const errorOf = (field: string) => (problem?.field === field ? problem.text : undefined);

  async function save() {
    if (!draft || !extension.fields) return;
    // The whole set of the enabled fields' values: an edit replaces them (an empty one clears its value).
    const fields = Object.fromEntries(extension.fields.filter((f) => f.enabled).map((f) => [f.id, draft.fields[f.id] ?? null]));
    const local = memberProblems({ ...draft, fields }, new Date(), extension.fields, i18n.language)[0];
    if (local) return setProblem({ field: local.field, text: t(local.key, { ...local.params, field: t(String(local.params?.field ?? '')) }) });
    setBusy(true);
    setProblem(null);
    try {
      const { password, loginId, fields: _stored, ...rest } = draft;
      const profile = { ...rest, fields };
      if (editing) {
        await api.request('patch', `/api/org/members/${editing.id}`, { body: { ...profile, updatedAt }, json: true });
        props.onSaved(null);
      } else {
        const answer = await api.post('/api/org/members', { ...profile, loginId, ...(password ? { password } : {}) }, { json: true });
        props.onSaved(answer.data as { id: string; invitation: string | null });
      }
    } catch (failure) {
      const field = failure instanceof TransportError ? ((failure.data as { field?: string } | null)?.field ?? null) : null;
      setProblem({ field, text: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const postOptions = props.posts.map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }));
  const text = (field: 'loginId' | 'name' | 'phone' | 'email' | 'qq' | 'idCard' | 'address' | 'extension', max: number, extra: { disabled?: boolean } = {}) => (
    <Form.Item label={t(`org.member.${field}`)} required={field === 'loginId' || field === 'name'} validateStatus={errorOf(field) ? 'error' : undefined} help={errorOf(field)}>
      <Input value={draft?.[field] ?? ''} maxLength={max} onChange={(v) => set(field, v)} aria-label={t(`org.member.${field}`)} data-testid={`member-${field}`} {...extra} />
    </Form.Item>
  );
  const date = (field: 'birthday' | 'entryDate') => (
    <Form.Item label={t(`org.member.${field}`)} validateStatus={errorOf(field) ? 'error' : undefined} help={errorOf(field)}>
      <DatePicker style={{ width: '100%' }} value={draft?.[field] ?? undefined} onChange={(v: string) => set(field, v || null)} data-testid={`member-${field}`} />
    </Form.Item>
  );
  const { Row, Col } = Grid;
  return (
    <Modal visible style={{ width: 760 }} title={editing ? t('org.members.edit', { name: editing.name }) : t('org.members.add')} confirmLoading={busy} onOk={save} onCancel={props.onClose}
      okText={t('org.structure.save')} cancelText={t('org.structure.cancel')} okButtonProps={{ disabled: !draft || !extension.fields }} data-testid="member-dialog">
      {draft && (
        <Form layout="vertical">
          <Row gutter={16}>
            <Col span={12}>{text('loginId', 64, { disabled: !!editing })}</Col>
            <Col span={12}>{text('name', MEMBER_LIMITS.name)}</Col>
            {!editing && (
              <Col span={24}>
                <Form.Item label={t('org.member.password')} extra={t('org.members.passwordHint')} validateStatus={errorOf('password') ? 'error' : undefined} help={errorOf('password')}>
                  <Input.Password value={draft.password} maxLength={128} onChange={(v) => set('password', v)} aria-label={t('org.member.password')} autoComplete="new-password" data-testid="member-password" />
                </Form.Item>
              </Col>
            )}
            <Col span={12}>{text('phone', 20)}</Col>
            <Col span={12}>{text('email', 200)}</Col>
            <Col span={12}>
              <Form.Item label={t('org.member.gender')}>
                <Radio.Group value={draft.gender ?? ''} onChange={(v: string) => set('gender', (v || null) as Draft['gender'])} aria-label={t('org.member.gender')}>
                  <Radio value="male">{t('org.member.male')}</Radio>
                  <Radio value="female">{t('org.member.female')}</Radio>
                  <Radio value="">{t('org.members.unset')}</Radio>
                </Radio.Group>
              </Form.Item>
            </Col>
            <Col span={12}>{date('birthday')}</Col>
            <Col span={12}>
              <Form.Item label={t('org.member.departments')} validateStatus={errorOf('departmentIds') ? 'error' : undefined}>
                <Select mode="multiple" showSearch value={draft.departmentIds} onChange={(v: string[]) => set('departmentIds', v)} options={departmentOptions(props.departments)} aria-label={t('org.member.departments')} data-testid="member-departments" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('org.member.superior')}>
                <Select showSearch allowClear filterOption={false} onSearch={superior.search} value={draft.superiorId ?? undefined} onChange={(v: string) => set('superiorId', v ?? null)}
                  options={superior.options} placeholder={t('org.members.searchPlaceholder')} aria-label={t('org.member.superior')} data-testid="member-superior" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('org.member.mainPost')}>
                <Select allowClear showSearch value={draft.mainPostId ?? undefined} onChange={(v: string) => set('mainPostId', v ?? null)} options={postOptions} aria-label={t('org.member.mainPost')} data-testid="member-main-post" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('org.member.partTimePosts')}>
                <Select mode="multiple" value={draft.partTimePostIds} onChange={(v: string[]) => set('partTimePostIds', v)} options={postOptions.filter((o) => o.value !== draft.mainPostId)} aria-label={t('org.member.partTimePosts')} />
              </Form.Item>
            </Col>
            <Col span={12}>{text('qq', 12)}</Col>
            <Col span={12}>{text('idCard', 18)}</Col>
            <Col span={12}>{text('extension', MEMBER_LIMITS.extension)}</Col>
            <Col span={12}>{date('entryDate')}</Col>
            <Col span={24}>{text('address', MEMBER_LIMITS.address)}</Col>
            <Col span={24}>
              <Form.Item label={t('org.member.signature')} validateStatus={errorOf('signature') ? 'error' : undefined} help={errorOf('signature')}
                extra={t('org.members.lettersLeft', { n: MEMBER_LIMITS.signature - letters(draft.signature) })}>
                <Input value={draft.signature} onChange={(v) => set('signature', v)} aria-label={t('org.member.signature')} data-testid="member-signature" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label={t('org.member.jobDescription')}>
                <Input.TextArea value={draft.jobDescription} maxLength={MEMBER_LIMITS.jobDescription} onChange={(v) => set('jobDescription', v)} aria-label={t('org.member.jobDescription')} />
              </Form.Item>
            </Col>
          </Row>
          {extension.fields && (
            <MemberFieldInputs fields={extension.fields} values={draft.fields} errorOf={errorOf} onChange={(id, value) => set('fields', { ...draft.fields, [id]: value })} />
          )}
        </Form>
      )}
      {extension.error && <Alert type="error" content={extension.error} />}
      {problem && !AT_FIELD.has(problem.field ?? '') && !extension.fields?.some((f) => f.enabled && `fields.${f.id}` === problem.field) && <Alert type="error" content={problem.text} data-testid="member-error" />}
    </Modal>
  );
}
