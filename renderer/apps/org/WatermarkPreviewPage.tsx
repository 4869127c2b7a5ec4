import { Button, Card, Skeleton } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { watermarkLines } from '../../../shared/org/appearance.ts';
import { buildPath } from '../../../shared/routes/match.ts';
import { ROUTES } from '../../../shared/routes/table.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { useAppearance } from '../../shell/appearance.ts';
import { watermarkTile } from '../../shell/watermark-image.ts';
import type { PageProps } from '../types.ts';
import { lookFromQuery } from './watermark-draft.ts';
import './appearance.css';

const ROWS = [1, 2, 3, 4, 5];

/**
 * watermark/preview (spec §2.7): a sample page under the watermark the settings page is editing (its choices come
 * in the address, see watermark-draft.ts), drawn by the shell's own renderer of the marks; without them, the
 * space's saved look. The viewer's own name and login fill it, as members will see theirs.
 */
export function WatermarkPreviewPage({ match }: PageProps) {
  const { t } = useTranslation();
  const user = useAtomValue(sessionAtom);
  const saved = useAppearance().appearance.watermark;
  const look = useMemo(() => lookFromQuery(match.query, saved), [match.query, saved]);
  const lines = useMemo(() => watermarkLines(look.content, { name: user?.name ?? '', loginId: user?.loginId ?? '' }, new Date()), [look, user]);
  const tile = watermarkTile(lines, look);
  const navigate = useNavigate();
  // Back in history returns to the settings page the page cache kept, unsaved choices and all; opened on its own
  // (a pasted address), the preview leads to a fresh settings page.
  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(buildPath(ROUTES.find((r) => r.id === 'org.watermark')!, {}, match.spaceUri ? match.spaceId : null)));

  return (
    <Card title={t('org.watermark.previewTitle')} data-testid="watermark-preview-page" extra={<Button onClick={back} data-testid="watermark-preview-back">{t('org.watermark.previewBack')}</Button>}>
      <p className="qp-muted">{t('org.watermark.previewHint')}</p>
      <p data-testid="watermark-preview-says">{t('org.watermark.previewSays', { text: lines.join(' · ') })}</p>
      <div className="qp-watermark-sample" aria-label={t('org.watermark.previewSample')} role="img" data-testid="watermark-sample"
        style={{ backgroundImage: tile.url, backgroundSize: `${tile.width}px ${tile.height}px` }}>
        <div aria-hidden>
          {ROWS.map((n) => (
            <div key={n} className="qp-watermark-sample-row">
              <strong>{t('org.watermark.previewRow', { n })}</strong>
              <Skeleton text={{ rows: 1, width: ['100%'] }} animation={false} />
            </div>
          ))}
        </div>
      </div>
    </Card>
  );
}
