import { Button, Dropdown, Menu, Message, Modal } from '@arco-design/web-react';
import { IconDelete, IconFile, IconMore, IconPlus } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useServices } from '../../../shell/services.tsx';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { routePath } from '../views/links.ts';
import type { AppForm } from '../views/types.ts';
import { FormNameModal } from './FormNameModal.tsx';
import { formsAdminApi, moved } from './forms-api.ts';
import { FormRecycleModal } from './FormRecycleModal.tsx';
import { SheetFormModal } from './SheetFormModal.tsx';
import './app-nav.css';

type Dialog = { kind: 'create' | 'sheet' | 'recycle' } | { kind: 'rename' | 'copy'; form: AppForm } | null;

interface Props {
  match: Pick<RouteMatch, 'spaceUri' | 'spaceId'>;
  appId: string;
  forms: AppForm[];
  currentId: string | null;
  /** Designers manage forms here; everyone else only sees the list (the server refuses them anyway). */
  designer: boolean;
  /** After any change: the page reloads the list. */
  onChanged(): void;
}

/** The application's own left-hand navigation (spec §2.8): its forms in order, the open one highlighted. */
export function AppFormsNav({ match, appId, forms, currentId, designer, onChanged }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { api } = useServices();
  const calls = formsAdminApi(api);
  const [dialog, setDialog] = useState<Dialog>(null);
  const open = (formId: string) => navigate(routePath(match, 'forms.appView', { appId, module: formId }));
  const designPath = (form: AppForm) => routePath(match, 'forms.tableSetting', { appType: 'app', appId, version: String(form.version), tableId: form.id });
  const fail = (error: unknown) => Message.error(error instanceof Error ? error.message : t('common.operationFailed'));

  const submit = async (name: string) => {
    if (!dialog || dialog.kind === 'sheet' || dialog.kind === 'recycle') return;
    if (dialog.kind === 'create') open((await calls.create(appId, name)).id);
    else if (!('form' in dialog)) return;
    else if (dialog.kind === 'copy') open((await calls.copy(dialog.form.id, name)).id);
    else await calls.rename(dialog.form.id, name);
    setDialog(null);
    onChanged();
  };
  const reorder = (index: number, step: -1 | 1) =>
    calls.order(appId, moved(forms.map((f) => f.id), index, step)).then(onChanged, fail);
  const remove = (form: AppForm) =>
    Modal.confirm({
      title: t('forms.app.deleteTitle', { name: form.name }),
      content: t('forms.app.deleteHint'),
      okButtonProps: { status: 'danger' },
      onOk: () =>
        calls.remove(form.id).then(() => {
          Message.success(t('forms.app.deleted', { name: form.name }));
          if (form.id === currentId) navigate(routePath(match, 'forms.appView', { appId }));
          onChanged();
        }, fail),
    });
  const act = (key: string, form: AppForm, index: number) => {
    if (key === 'design') navigate(designPath(form));
    else if (key === 'rename' || key === 'copy') setDialog({ kind: key, form });
    else if (key === 'up' || key === 'down') void reorder(index, key === 'up' ? -1 : 1);
    else if (key === 'delete') remove(form);
  };

  return (
    <nav className="qp-an" aria-label={t('forms.app.navLabel')} data-testid="app-forms-nav">
      <ul className="qp-an-list">
        {forms.map((form, index) => (
          <li key={form.id} className={form.id === currentId ? 'qp-an-item qp-an-current' : 'qp-an-item'}>
            <button type="button" className="qp-an-link" aria-current={form.id === currentId ? 'page' : undefined} onClick={() => open(form.id)} data-testid={`form-tab-${form.id}`}>
              {form.name}
            </button>
            {designer && (
              <Dropdown
                trigger="click"
                droplist={
                  <Menu onClickMenuItem={(key) => act(key, form, index)}>
                    <Menu.Item key="design">{t('forms.app.design')}</Menu.Item>
                    <Menu.Item key="rename">{t('forms.app.rename')}</Menu.Item>
                    <Menu.Item key="copy">{t('forms.app.copy')}</Menu.Item>
                    {index > 0 && <Menu.Item key="up">{t('forms.app.moveUp')}</Menu.Item>}
                    {index < forms.length - 1 && <Menu.Item key="down">{t('forms.app.moveDown')}</Menu.Item>}
                    <Menu.Item key="delete">{t('forms.app.delete')}</Menu.Item>
                  </Menu>
                }
              >
                <Button size="mini" type="text" icon={<IconMore />} aria-label={t('forms.app.actionsOf', { name: form.name })} data-testid={`form-actions-${form.id}`} />
              </Dropdown>
            )}
          </li>
        ))}
      </ul>
      {designer && (
        <Button long type="outline" icon={<IconPlus />} onClick={() => setDialog({ kind: 'create' })} data-testid="form-create">
          {t('forms.app.newForm')}
        </Button>
      )}
      {designer && (
        <Button long type="outline" icon={<IconFile />} onClick={() => setDialog({ kind: 'sheet' })} data-testid="form-from-sheet">
          {t('forms.app.fromSheet')}
        </Button>
      )}
      {designer && (
        <Button long type="text" icon={<IconDelete />} onClick={() => setDialog({ kind: 'recycle' })} data-testid="form-recycle-open">
          {t('forms.app.recycle')}
        </Button>
      )}
      {/* The app's ratio indicators (forms.ratioView): charts anyone may open, so no designer gate. */}
      <Button long type="text" href={routePath(match, 'forms.ratioView', { module: currentId ?? 'app', appId })} data-testid="ratio-views-open">
        {t('dashboards.chartUi.ratioView.open')}
      </Button>
      {dialog?.kind === 'recycle' && <FormRecycleModal appId={appId} onClose={() => setDialog(null)} onRestored={onChanged} />}
      {dialog?.kind === 'sheet' && (
        <SheetFormModal
          spaceUri={match.spaceUri}
          appId={appId}
          onClose={() => setDialog(null)}
          onCreated={(form) => {
            Message.success(t('forms.app.sheet.created', { name: form.name }));
            setDialog(null);
            open(form.id);
            onChanged();
          }}
        />
      )}
      <FormNameModal
        title={dialog && (dialog.kind === 'create' || 'form' in dialog) ? t(`forms.app.${dialog.kind}Title`) : null}
        initial={dialog?.kind === 'rename' ? dialog.form.name : dialog?.kind === 'copy' ? t('forms.app.copyName', { name: dialog.form.name }) : ''}
        onSubmit={submit}
        onClose={() => setDialog(null)}
      />
    </nav>
  );
}
