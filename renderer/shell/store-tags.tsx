import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Channel, ReviewState } from '../../shared/api/appcenter-store.ts';

const STATE_COLOR: Record<ReviewState, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

/*
 * The application store's words as tags, for the application centre's store pages and the operator console's
 * review of them alike (the states and channels are the store contract's, shared/api/appcenter-store.ts).
 */

/** A version's review state as a coloured tag, in the user's language. */
export function StateTag({ state }: { state: ReviewState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[state]} data-testid={`state-${state}`}>{t(`appcenter.store.state.${state}`)}</Tag>;
}

/** The channel a version is released on: official or trial. */
export function ChannelTag({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  return <Tag color={channel === 'official' ? 'arcoblue' : 'purple'}>{t(`appcenter.store.channel.${channel}`)}</Tag>;
}

/** A time as the reader's language writes it; '—' for none. */
export const when = (at: string | null, language: string) => (at ? new Date(at).toLocaleString(language) : '—');
