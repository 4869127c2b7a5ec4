import { useEffect, type RefObject } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

const SCAN_EVERY_MS = 300;

/** The browser's BarcodeDetector where it exists (Chromium on most platforms) and a camera may be asked for; else null. */
export function barcodeDetector(scope: object = globalThis): DetectorClass | null {
  const candidate = (scope as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const camera = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
  return candidate && camera ? candidate : null;
}

/**
 * While `active`, the back camera into `video`, read by the browser's BarcodeDetector until a QR code is seen (the
 * header's scan and the phone's). The camera stops when the scan ends or the caller goes away.
 */
export function useCameraScan(active: boolean, video: RefObject<HTMLVideoElement | null>, onCode: (text: string) => void, onFail: (reason: string) => void) {
  useEffect(() => {
    const Detector = active ? barcodeDetector() : null;
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        while (!stopped) {
          const codes = await detector.detect(video.current).catch(() => []);
          if (codes[0]) return onCode(codes[0].rawValue);
          await new Promise((resolve) => setTimeout(resolve, SCAN_EVERY_MS));
        }
      })
      .catch((error: Error) => !stopped && onFail(error.message));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [active, video, onCode, onFail]);
}
