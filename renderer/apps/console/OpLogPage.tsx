import { useTranslation } from 'react-i18next';
import { OplogView } from '../../shell/oplog/OplogView.tsx';
import type { PageProps } from '../types.ts';

/**
 * The operator's operation log (spec §2.4 root/oplog): every space's entries, or one space's by its id. The kernel
 * writes each of these cross-space reads to the log itself.
 */
export function OpLogPage({ match }: PageProps) {
  const { t } = useTranslation();
  return <OplogView spaceUri={match.spaceUri} scope={{ kind: 'platform' }} title={t('console.oplog.title')} hint={t('console.oplog.hint')} />;
}
