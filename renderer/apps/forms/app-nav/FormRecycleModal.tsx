import { Button, Empty, Message, Modal, Spin, Table } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shell/services.tsx';
import type { AppForm } from '../views/types.ts';
import { formsAdminApi } from './forms-api.ts';

type DeletedForm = AppForm & { deletedAt: string };

/** The app's deleted forms (their records untouched), each restorable to the end of the navigation's list. */
export function FormRecycleModal({ appId, onClose, onRestored }: { appId: string; onClose(): void; onRestored(): void }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const calls = formsAdminApi(api);
  const [forms, setForms] = useState<DeletedForm[] | null>(null);
  const load = useCallback(
    () => formsAdminApi(api).recycled(appId).then((list) => setForms(list as DeletedForm[]), (error: Error) => (setForms([]), Message.error(error.message))),
    [api, appId],
  );
  useEffect(() => void load(), [load]);
  const restore = (form: DeletedForm) =>
    calls.restore(form.id).then(
      () => {
        Message.success(t('forms.app.restored', { name: form.name }));
        onRestored();
        void load();
      },
      (error: Error) => Message.error(error.message),
    );
  return (
    <Modal visible title={t('forms.app.recycleTitle')} onCancel={onClose} footer={null} style={{ width: 640 }} unmountOnExit data-testid="form-recycle">
      {forms === null ? (
        <Spin />
      ) : forms.length === 0 ? (
        <Empty description={t('forms.app.recycleEmpty')} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          data={forms}
          columns={[
            { title: t('forms.app.formName'), dataIndex: 'name' },
            { title: t('forms.app.deletedAt'), render: (_, f: DeletedForm) => new Date(f.deletedAt).toLocaleString(i18n.language) },
            {
              title: '',
              width: 100,
              render: (_, f: DeletedForm) => (
                <Button size="mini" type="text" onClick={() => void restore(f)} data-testid={`form-restore-${f.id}`}>
                  {t('forms.app.restore')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
