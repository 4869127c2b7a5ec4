import { Alert, Modal, Slider, Typography } from '@arco-design/web-react';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { centredSquare, clampSquare, cropToPng, type ChosenAvatar, type Square } from './avatar-file.ts';

/** The longest side of the image as shown in the dialog, in CSS pixels. */
const BOX = 360;

interface Props {
  chosen: ChosenAvatar;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onCrop(png: Blob): void;
}

/**
 * A small square cropper of our own (decision 0062): the image scaled into the dialog, a square the member drags
 * and sizes with a slider, then drawn to a 256×256 canvas. A library would bring far more than this needs.
 */
export function AvatarCropper({ chosen, busy, error, onCancel, onCrop }: Props) {
  const { t } = useTranslation();
  const { width, height } = chosen;
  const scale = BOX / Math.max(width, height);
  const [square, setSquare] = useState<Square>(() => centredSquare(width, height));
  const drag = useRef<{ pointerX: number; pointerY: number; from: Square } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const move = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    const dx = (event.clientX - start.pointerX) / scale;
    const dy = (event.clientY - start.pointerY) / scale;
    setSquare(clampSquare({ ...start.from, x: start.from.x + dx, y: start.from.y + dy }, width, height));
  };
  const resize = (size: number) => {
    // Grows and shrinks about its centre, then kept inside the image.
    const centre = { x: square.x + square.size / 2, y: square.y + square.size / 2 };
    setSquare(clampSquare({ size, x: centre.x - size / 2, y: centre.y - size / 2 }, width, height));
  };
  async function done() {
    try {
      setFailed(null);
      onCrop(await cropToPng(chosen.image, square));
    } catch {
      setFailed(t('orgSelf.avatar.unreadable'));
    }
  }

  return (
    <Modal visible title={t('orgSelf.avatar.cropTitle')} onOk={() => void done()} onCancel={onCancel} confirmLoading={busy} okText={t('orgSelf.avatar.upload')} cancelText={t('orgSelf.avatar.cancel')} okButtonProps={{ 'data-testid': 'avatar-crop-ok' } as object} unmountOnExit>
      <Typography.Paragraph type="secondary">{t('orgSelf.avatar.cropHint')}</Typography.Paragraph>
      <div className="qp-avatar-stage" style={{ width: width * scale, height: height * scale }} data-testid="avatar-cropper">
        <img src={chosen.url} alt="" draggable={false} style={{ width: width * scale, height: height * scale }} />
        <div
          className="qp-avatar-square"
          role="presentation"
          data-testid="avatar-square"
          style={{ left: square.x * scale, top: square.y * scale, width: square.size * scale, height: square.size * scale }}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture?.(event.pointerId);
            drag.current = { pointerX: event.clientX, pointerY: event.clientY, from: square };
          }}
          onPointerMove={move}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
        />
      </div>
      <label className="qp-avatar-size">
        <span>{t('orgSelf.avatar.cropSize')}</span>
        <Slider value={square.size} min={Math.ceil(Math.min(width, height) / 4)} max={Math.min(width, height)} onChange={(value) => resize(Number(value))} />
      </label>
      {(error ?? failed) && <Alert type="error" content={error ?? failed} data-testid="avatar-error" />}
    </Modal>
  );
}
