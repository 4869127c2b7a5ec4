import { Badge, Button, Tooltip } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { buildPath } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { useUnreadCounts } from '../message-live.ts';

const CENTER = ROUTES.find((r) => r.id === 'messages.center')!;
const SPACE_PREFIX = /^\/space-([a-z0-9]+)(?=\/|$)/i;

/**
 * The header's bell: the member's unread count, kept current by the socket in every open window, and the way to
 * the message centre (a header page, so the side menu does not offer it). A link, so the shell's link rules apply.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const { counts } = useUnreadCounts();
  // Stay in the space the page is in (the side menu's links do the same).
  const space = SPACE_PREFIX.exec(useLocation().pathname)?.[1]?.toLowerCase() ?? null;
  const total = counts?.total ?? 0;
  const label = total > 0 ? t('messages.ui.bell', { count: total }) : t('messages.ui.bellNone');
  return (
    <Tooltip content={label}>
      <Badge count={total} maxCount={99} dotStyle={{ background: 'rgb(var(--danger-7))' }} data-testid="message-bell-badge" data-count={total}>
        <Button shape="circle" type="text" icon={<IconNotification />} href={buildPath(CENTER, {}, space)} aria-label={label} data-testid="message-bell" />
      </Badge>
    </Tooltip>
  );
}
