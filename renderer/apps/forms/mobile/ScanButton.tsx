import { Alert, Button, Drawer, Input, Typography } from '@arco-design/web-react';
import { IconScan } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { barcodeDetector, useCameraScan } from '../../../shell/camera-scan.ts';
import { mobileDetailPath } from './paths.ts';
import { scanTarget } from './scan-target.ts';

/**
 * Scan a record's QR code: the camera where the browser can read codes (BarcodeDetector, as the web
 * header's ScanCode), else the code's text typed or pasted (the platform has no image decoder of its own, decision
 * 0064). A record of this space opens on the phone's detail page; anything else says why it does not.
 */
export function ScanButton({ match }: { match: RouteMatch }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [camera] = useState(() => barcodeDetector() !== null);

  // The camera loop keeps one callback for its whole run; it always reaches the latest resolution.
  const resolve = useRef<(text: string) => void>(() => undefined);
  resolve.current = (text: string) => {
    const target = scanTarget(text, match.spaceId);
    if (target.kind === 'record') {
      setOpen(false);
      navigate(mobileDetailPath(match, target.appId, target.formId, target.recordId));
    } else {
      setProblem(t(target.kind === 'otherSpace' ? 'forms.mobile.scan.otherSpace' : 'forms.mobile.scan.unknown'));
    }
  };
  const onCode = useCallback((text: string) => resolve.current(text), []);
  const onFail = useCallback((reason: string) => setProblem(t('shell.scanFailed', { reason })), [t]);
  useCameraScan(open && camera, video, onCode, onFail);

  const start = () => {
    setProblem(null);
    setTyped('');
    setOpen(true);
  };

  return (
    <>
      <Button className="qp-mf-touch" shape="circle" icon={<IconScan />} onClick={start} aria-label={t('forms.mobile.scan.button')} data-testid="mf-scan" />
      <Drawer visible={open} placement="bottom" height="100%" title={t('forms.mobile.scan.title')} footer={null} onCancel={() => setOpen(false)} unmountOnExit className="qp-mf-drawer">
        <div className="qp-mf-scan" data-testid="mf-scan-drawer">
          {problem && <Alert type="warning" content={problem} data-testid="mf-scan-problem" />}
          {camera ? (
            <>
              <Typography.Paragraph>{t('shell.scanHint')}</Typography.Paragraph>
              <video ref={video} className="qp-mf-scan-video" muted playsInline />
            </>
          ) : (
            <Typography.Paragraph type="secondary">{t('forms.mobile.scan.noCamera')}</Typography.Paragraph>
          )}
          <Input.Search
            className="qp-mf-touch"
            value={typed}
            onChange={setTyped}
            onSearch={(text) => text.trim() && resolve.current(text)}
            searchButton={t('forms.mobile.scan.open')}
            placeholder={t('forms.mobile.scan.typeHint')}
            aria-label={t('forms.mobile.scan.typeHint')}
            data-testid="mf-scan-text"
          />
        </div>
      </Drawer>
    </>
  );
}
