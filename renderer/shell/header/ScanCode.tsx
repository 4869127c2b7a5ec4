import { Button, Message, Modal, Tooltip } from '@arco-design/web-react';
import { IconScan } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The browser's BarcodeDetector where it exists (Chromium on most platforms); null elsewhere. */
export function barcodeDetector(scope: object = globalThis): DetectorClass | null {
  const candidate = (scope as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const camera = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
  return candidate && camera ? candidate : null;
}

/** Scan code (spec §2.8): camera QR scanning where the browser allows, a clear message where it does not. */
export function ScanCode() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!open) return;
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (!video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        while (!stopped) {
          const codes = await detector.detect(video.current).catch(() => []);
          if (codes[0]) return setResult(codes[0].rawValue);
          await new Promise((r) => setTimeout(r, 300));
        }
      })
      .catch((error: Error) => {
        Message.error(t('shell.scanFailed', { reason: error.message }));
        setOpen(false);
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open, t]);

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
