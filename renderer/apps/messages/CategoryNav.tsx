import { useTranslation } from 'react-i18next';
import type { UnreadCounts } from '../../../shared/api/messages.ts';
import { MESSAGE_CATEGORIES, type MessageCategory } from '../../../shared/messages/notify.ts';
import { fullCounts } from './messages-api.ts';

interface CategoryNavProps {
  counts: UnreadCounts | null;
  /** Null: every category. */
  selected: MessageCategory | null;
  onSelect(category: MessageCategory | null): void;
}

/**
 * The categories of shared/messages/notify.ts down the side, each with its unread count. Plain buttons in a `nav`
 * (not Arco's Menu, whose items lack roles; decision 0032), the chosen one marked with `aria-current`.
 */
export function CategoryNav({ counts, selected, onSelect }: CategoryNavProps) {
  const { t } = useTranslation();
  const all = fullCounts(counts);
  const entry = (key: MessageCategory | null, label: string, unread: number) => (
    <li key={key ?? 'all'}>
      <button
        type="button"
        className="qp-msg-category"
        aria-current={selected === key ? 'true' : undefined}
        onClick={() => onSelect(key)}
        data-testid={`messages-category-${key ?? 'all'}`}
      >
        <span>{label}</span>
        {unread > 0 && (
          <span className="qp-msg-count" data-testid={`messages-count-${key ?? 'all'}`} aria-label={t('messages.ui.unreadCount', { count: unread })}>
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
    </li>
  );
  return (
    <nav className="qp-msg-nav" aria-label={t('messages.ui.categories')}>
      <ul>
        {entry(null, t('messages.ui.category.all'), all.total)}
        {MESSAGE_CATEGORIES.map((category) => entry(category, t(`messages.ui.category.${category}`), all.byCategory[category]))}
      </ul>
    </nav>
  );
}
