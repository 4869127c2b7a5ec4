import { Button, Card, Empty, Popconfirm, Space, Tooltip, Typography, type ButtonProps } from '@arco-design/web-react';
import { IconArchive, IconDelete, IconDown, IconEdit, IconPlus, IconUp } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { AppcenterApp, SystemWithApps } from '../../../shared/api/appcenter.ts';
import type { RouteMatch } from '../../../shared/routes/match.ts';
import { AppTile, type TileActions } from './AppTile.tsx';
import type { EditTarget } from './Editors.tsx';
import { AppIcon } from '../../shell/app-icon.tsx';
import { moved, recyclePath, systemPath } from './model.ts';
import type { AppcenterActions } from './use-actions.ts';

export interface SystemSectionProps {
  match: RouteMatch;
  system: SystemWithApps;
  /** Admin tools: present for holders of appcenter.manage only. */
  admin?: {
    actions: AppcenterActions;
    edit(target: EditTarget): void;
    /** Moves the system among its siblings; absent on the system's own page. */
    move?(delta: -1 | 1): void;
    first?: boolean;
    last?: boolean;
    /** After the system itself was deleted (the system page leaves). */
    onDeleted?(): void;
  };
  /** On the centre the title links to the system's page; on that page it does not. */
  linkTitle?: boolean;
}

/** One system of the application centre: its header, its app tiles, and the admin's tools for both. */
export function SystemSection({ match, system, admin, linkTitle = true }: SystemSectionProps) {
  const { t } = useTranslation();
  const ids = system.apps.map((a) => a.id);
  const tileActions: TileActions | undefined = admin && {
    edit: (app: AppcenterApp) => admin.edit({ kind: 'app', systemId: system.id, app }),
    remove: (app: AppcenterApp) => void admin.actions.recycleApp(app),
    move: (app: AppcenterApp, delta: -1 | 1) => {
      const next = moved(ids, app.id, delta);
      if (next) void admin.actions.orderApps(system.id, next);
    },
  };
  const name = <Typography.Text bold>{system.name}</Typography.Text>;
  const title = (
    <Space>
      <AppIcon name={system.icon} className="qp-appcenter-system-icon" />
      {linkTitle ? (
        <a href={systemPath(match, system.id)} data-testid={`system-link-${system.id}`}>
          {name}
        </a>
      ) : (
        name
      )}
      <Typography.Text type="secondary">{t('appcenter.system.appCount', { count: system.apps.length })}</Typography.Text>
    </Space>
  );
  const deleteOk = { 'data-testid': `system-delete-ok-${system.id}` } as ButtonProps;
  const extra = admin && (
    <Space size="mini" wrap>
      <Button size="small" type="primary" icon={<IconPlus />} onClick={() => admin.edit({ kind: 'app', systemId: system.id })} data-testid={`app-create-${system.id}`}>
        {t('appcenter.app.create')}
      </Button>
      <Button size="small" icon={<IconEdit />} onClick={() => admin.edit({ kind: 'system', system })} data-testid={`system-edit-${system.id}`}>
        {t('appcenter.system.edit')}
      </Button>
      {admin.move && (
        <>
          <Tooltip content={t('appcenter.moveUp')}>
            <Button size="small" icon={<IconUp />} disabled={admin.first} onClick={() => admin.move?.(-1)} aria-label={t('appcenter.moveUp')} data-testid={`system-up-${system.id}`} />
          </Tooltip>
          <Tooltip content={t('appcenter.moveDown')}>
            <Button size="small" icon={<IconDown />} disabled={admin.last} onClick={() => admin.move?.(1)} aria-label={t('appcenter.moveDown')} data-testid={`system-down-${system.id}`} />
          </Tooltip>
        </>
      )}
      <Button size="small" icon={<IconArchive />} href={recyclePath(match, system.id)} data-testid={`system-recycle-${system.id}`}>
        {t('appcenter.system.recycle')}
      </Button>
      <Popconfirm
        title={t('appcenter.system.deleteConfirm', { name: system.name })}
        okButtonProps={deleteOk}
        onOk={async () => {
          if ((await admin.actions.deleteSystem(system)) && admin.onDeleted) admin.onDeleted();
        }}
      >
        <Button size="small" status="danger" icon={<IconDelete />} data-testid={`system-delete-${system.id}`}>
          {t('appcenter.system.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );

  return (
    <Card title={title} extra={extra} className="qp-appcenter-system" data-testid={`system-section-${system.id}`}>
      {system.description && <p className="qp-muted">{system.description}</p>}
      {system.apps.length === 0 ? (
        <Empty description={t('appcenter.empty.systemNoApps')} />
      ) : (
        <div className="qp-appcenter-tiles">
          {system.apps.map((app, index) => (
            <AppTile key={app.id} match={match} app={app} actions={tileActions} first={index === 0} last={index === system.apps.length - 1} />
          ))}
        </div>
      )}
    </Card>
  );
}
