import { Form, Input, Message, Modal, Select, type ButtonProps } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPCENTER_ICONS, APPCENTER_LIMITS, APP_ROLES, type AppcenterApp, type AppcenterSystem, type SystemWithApps } from '../../../shared/api/appcenter.ts';
import { useServices } from '../../shell/services.tsx';
import { AppIcon } from '../../shell/app-icon.tsx';
import { descriptionProblem, nameProblem, type Problem } from './model.ts';

/** What the admin is editing: a new or existing system, or a new or existing app of a system. */
export type EditTarget = { kind: 'system'; system?: AppcenterSystem } | { kind: 'app'; systemId: string; app?: AppcenterApp };

interface FormValues {
  name: string;
  icon: string;
  description?: string;
  roles?: string[];
  systemId?: string;
}

const okProps = { 'data-testid': 'appcenter-form-ok' } as ButtonProps;

/** The create/edit dialog of a system or an app; `onSaved` runs after the server accepted the change. */
export function EditorModal({ target, onClose, onSaved }: { target: EditTarget; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [systems, setSystems] = useState<AppcenterSystem[]>([]);
  const isApp = target.kind === 'app';
  const existing = target.kind === 'app' ? target.app : target.system;

  // An app can be moved to another system: the admin's list has every system of the space.
  useEffect(() => {
    if (!isApp) return;
    api.get<{ systems: SystemWithApps[] }>('/api/appcenter/systems').then(
      (answer) => setSystems(answer.data.systems),
      (failure: Error) => Message.error(failure.message),
    );
  }, [api, isApp]);

  const check = (problem: (value: string | undefined, field: string) => Problem | null, field: string) => ({
    validator: (value: string | undefined, callback: (error?: string) => void) => {
      const found = problem(value, t(field));
      callback(found ? t(found.key, found.params) : undefined);
    },
  });

  async function submit() {
    let values: FormValues;
    try {
      values = await form.validate();
    } catch {
      return; // the fields show their messages
    }
    const body = { ...values, name: values.name.trim(), description: values.description ?? '' };
    setBusy(true);
    try {
      if (target.kind === 'system') {
        const { name, icon, description } = body;
        if (target.system) await api.put(`/api/appcenter/systems/${target.system.id}`, { name, icon, description, updatedAt: target.system.updatedAt }, { json: true });
        else await api.post('/api/appcenter/systems', { name, icon, description }, { json: true });
      } else {
        const payload = { name: body.name, icon: body.icon, description: body.description, roles: body.roles ?? [], systemId: body.systemId ?? target.systemId };
        if (target.app) await api.put(`/api/appcenter/apps/${target.app.id}`, { ...payload, updatedAt: target.app.updatedAt }, { json: true });
        else await api.post('/api/appcenter/apps', payload, { json: true });
      }
      Message.success(t('appcenter.saved'));
      onSaved();
      onClose();
    } catch (failure) {
      Message.error((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const title = isApp ? (existing ? 'appcenter.app.edit' : 'appcenter.app.create') : existing ? 'appcenter.system.edit' : 'appcenter.system.create';
  const initialValues: FormValues = {
    name: existing?.name ?? '',
    icon: existing?.icon ?? (isApp ? 'app' : 'apps'),
    description: existing?.description ?? '',
    ...(target.kind === 'app' ? { roles: target.app?.roles ?? [], systemId: target.systemId } : {}),
  };

  return (
    <Modal
      visible
      title={t(title)}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okText={t('appcenter.save')}
      cancelText={t('appcenter.cancel')}
      okButtonProps={okProps}
      unmountOnExit
      data-testid="appcenter-editor"
    >
      <Form form={form} layout="vertical" initialValues={initialValues}>
        <Form.Item label={t('appcenter.field.name')} field="name" required rules={[check(nameProblem, 'appcenter.field.name')]}>
          <Input maxLength={APPCENTER_LIMITS.name} showWordLimit data-testid="appcenter-form-name" />
        </Form.Item>
        <Form.Item label={t('appcenter.field.icon')} field="icon">
          <Select data-testid="appcenter-form-icon">
            {APPCENTER_ICONS.map((icon) => (
              <Select.Option key={icon} value={icon}>
                <AppIcon name={icon} /> {t(`appcenter.icon.${icon}`)}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        <Form.Item label={t('appcenter.field.description')} field="description" rules={[check(descriptionProblem, 'appcenter.field.description')]}>
          <Input.TextArea maxLength={APPCENTER_LIMITS.description} showWordLimit autoSize={{ minRows: 2, maxRows: 6 }} data-testid="appcenter-form-description" />
        </Form.Item>
        {isApp && (
          <>
            <Form.Item label={t('appcenter.field.system')} field="systemId">
              <Select loading={systems.length === 0} data-testid="appcenter-form-system">
                {systems.map((system) => (
                  <Select.Option key={system.id} value={system.id}>
                    {system.name}
                  </Select.Option>
                ))}
              </Select>
            </Form.Item>
            <Form.Item label={t('appcenter.field.roles')} field="roles" extra={t('appcenter.field.rolesHint')}>
              <Select mode="multiple" allowClear data-testid="appcenter-form-roles">
                {APP_ROLES.map((role) => (
                  <Select.Option key={role} value={role}>
                    {t(`appcenter.role.${role}`)}
                  </Select.Option>
                ))}
              </Select>
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
