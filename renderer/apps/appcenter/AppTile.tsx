import { Button, Popconfirm, Tag, Tooltip, type ButtonProps } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconLeft, IconRight } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { AppcenterApp } from '../../../shared/api/appcenter.ts';
import type { RouteMatch } from '../../../shared/routes/match.ts';
import { AppIcon } from '../../shell/app-icon.tsx';
import { appViewPath } from './model.ts';

export interface TileActions {
  edit(app: AppcenterApp): void;
  remove(app: AppcenterApp): void;
  /** Absent when the app cannot move that way (first or last of its system, or a search result). */
  move?(app: AppcenterApp, delta: -1 | 1): void;
}

interface AppTileProps {
  match: RouteMatch;
  app: AppcenterApp;
  /** Admin actions; none for members. */
  actions?: TileActions;
  first?: boolean;
  last?: boolean;
}

/**
 * One application: a link to its application view (icon, name, description) and, for admins, its actions.
 * The actions sit outside the link, so clicking them never opens the app.
 */
export function AppTile({ match, app, actions, first, last }: AppTileProps) {
  const { t } = useTranslation();
  const confirmProps = { 'data-testid': `app-delete-ok-${app.id}` } as ButtonProps;
  const roles = app.roles.map((role) => t(`appcenter.role.${role}`)).join(', ');
  return (
    <div className="qp-appcenter-tile">
      <a className="qp-appcenter-tile-link" href={appViewPath(match, app.id)} data-testid={`app-tile-${app.id}`} title={app.description || app.name}>
        <AppIcon name={app.icon} className="qp-appcenter-tile-icon" />
        <span className="qp-appcenter-tile-text">
          <span className="qp-appcenter-tile-name">{app.name}</span>
          <span className="qp-appcenter-tile-description">{app.description}</span>
        </span>
      </a>
      {actions && (
        <div className="qp-appcenter-tile-actions">
          <Tag size="small" color={app.roles.length ? 'orangered' : 'gray'}>
            {app.roles.length ? t('appcenter.app.visibleTo', { roles }) : t('appcenter.app.visibleToAll')}
          </Tag>
          <span className="qp-appcenter-spacer" />
          {actions.move && (
            <>
              <Tooltip content={t('appcenter.moveUp')}>
                <Button size="mini" type="text" icon={<IconLeft />} disabled={first} onClick={() => actions.move?.(app, -1)} aria-label={t('appcenter.moveUp')} data-testid={`app-up-${app.id}`} />
              </Tooltip>
              <Tooltip content={t('appcenter.moveDown')}>
                <Button size="mini" type="text" icon={<IconRight />} disabled={last} onClick={() => actions.move?.(app, 1)} aria-label={t('appcenter.moveDown')} data-testid={`app-down-${app.id}`} />
              </Tooltip>
            </>
          )}
          <Button size="mini" type="text" icon={<IconEdit />} onClick={() => actions.edit(app)} aria-label={t('appcenter.app.edit')} data-testid={`app-edit-${app.id}`} />
          <Popconfirm title={t('appcenter.app.deleteConfirm', { name: app.name })} onOk={() => actions.remove(app)} okButtonProps={confirmProps}>
            <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={t('appcenter.app.delete')} data-testid={`app-delete-${app.id}`} />
          </Popconfirm>
        </div>
      )}
    </div>
  );
}
