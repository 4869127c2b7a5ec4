import { Button, Message, Modal, Tooltip } from '@arco-design/web-react';
import { IconScan } from '@arco-design/web-react/icon';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barcodeDetector, useCameraScan } from '../camera-scan.ts';

/** Scan code (spec §2.8): camera QR scanning where the browser allows, a clear message where it does not. */
export function ScanCode() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  const found = useCallback((code: string) => setResult(code), []);
  const failed = useCallback(
    (reason: string) => {
      Message.error(t('shell.scanFailed', { reason }));
      setOpen(false);
    },
    [t],
  );
  useCameraScan(open, video, found, failed);

  function start() {
    if (!barcodeDetector()) {
      Message.warning(t('shell.scanUnsupported'));
      return;
    }
    setResult(null);
    setOpen(true);
  }

  const link = result && /^https?:\/\//.test(result) ? result : null;
  return (
    <>
      <Tooltip content={t('shell.scanCode')}>
        <Button shape="circle" type="text" icon={<IconScan />} onClick={start} aria-label={t('shell.scanCode')} data-testid="scan-code" />
      </Tooltip>
      <Modal visible={open} title={t('shell.scanCode')} onCancel={() => setOpen(false)} footer={null} unmountOnExit>
        {result ? (
          <p>
            {t('shell.scanResult')}: <code>{result}</code> {link && <a href={link}>{t('shell.scanOpen')}</a>}
          </p>
        ) : (
          <>
            <p>{t('shell.scanHint')}</p>
            <video ref={video} className="qp-scan-video" muted playsInline />
          </>
        )}
      </Modal>
    </>
  );
}
