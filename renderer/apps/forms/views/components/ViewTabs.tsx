import { Button, Popconfirm, Space, Tabs, Tooltip } from '@arco-design/web-react';
import { IconApps, IconCalendar, IconDelete, IconEdit, IconList, IconMindMapping, IconPlus, IconSchedule, IconUser, IconUserGroup } from '@arco-design/web-react/icon';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedView, ViewKind } from '../types.ts';

export const KIND_ICON: Record<ViewKind, ReactElement> = {
  list: <IconList />,
  board: <IconApps />,
  calendar: <IconCalendar />,
  occupy: <IconSchedule />,
  cascade: <IconMindMapping />,
};

interface Props {
  views: SavedView[];
  activeId: string;
  /** Admins edit shared views; everyone edits their own. */
  canDesign: boolean;
  onSelect(id: string): void;
  onNew(): void;
  onEdit(view: SavedView): void;
  onDelete(view: SavedView): void;
}

export const mayEdit = (view: SavedView, canDesign: boolean) => view.id !== 'default' && (view.ownerId !== null || canDesign);

/** The form's saved views as tabs (the default list first), with new / edit / delete. */
export function ViewTabs({ views, activeId, canDesign, onSelect, onNew, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const active = views.find((v) => v.id === activeId);
  const extra = (
    <Space size="mini">
      {active && mayEdit(active, canDesign) && (
        <>
          <Button size="small" type="text" icon={<IconEdit />} onClick={() => onEdit(active)} data-testid="view-edit">
            {t('forms.views.editView')}
          </Button>
          <Popconfirm title={t('forms.views.deleteConfirm', { name: active.name })} onOk={() => onDelete(active)} okButtonProps={{ 'data-testid': 'view-delete-ok' } as object}>
            <Button size="small" type="text" status="danger" icon={<IconDelete />} data-testid="view-delete">
              {t('forms.views.deleteView')}
            </Button>
          </Popconfirm>
        </>
      )}
      <Button size="small" type="outline" icon={<IconPlus />} onClick={onNew} data-testid="view-new">
        {t('forms.views.newView')}
      </Button>
    </Space>
  );
  return (
    <Tabs className="qp-fv-tabs" activeTab={activeId} onChange={onSelect} extra={extra} type="line">
      {views.map((view) => (
        <Tabs.TabPane
          key={view.id}
          title={
            <span className="qp-fv-tab" data-testid={`view-tab-${view.id}`}>
              {KIND_ICON[view.kind]}
              {view.name}
              {view.id !== 'default' && (
                <Tooltip content={view.ownerId === null ? t('forms.views.sharedView') : t('forms.views.personalView')}>
                  <span className="qp-fv-tab-owner">{view.ownerId === null ? <IconUserGroup /> : <IconUser />}</span>
                </Tooltip>
              )}
            </span>
          }
        />
      ))}
    </Tabs>
  );
}
