import { Button, Image, Message, Space, Typography } from '@arco-design/web-react';
import { IconCamera, IconDelete, IconFile, IconUpload } from '@arco-design/web-react/icon';
import { createContext, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_LIMITS, type FileRef } from '../../../../shared/forms/fields.ts';
import { fileUrl, uploadFiles } from './files-api.ts';
import type { FieldInputProps } from './types.ts';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

export const asFiles = (value: unknown): FileRef[] => (Array.isArray(value) ? (value as FileRef[]) : []);

/**
 * Whether this viewer may download attachments (the space's data-sharing policy, decision 0046), set by the page
 * from the form's `can`. Without a page saying so they are offered, as before the policy: the server decides anyway.
 */
export const FilesDownloadable = createContext(true);

/**
 * Set by the phone pages (renderer/apps/forms/mobile): image fields also offer "take a photo", a file input with
 * `capture` that opens the camera. The photo goes through the same checks and upload as a chosen file.
 */
export const PhotoCapture = createContext(false);

/** Attachment names as links, image thumbnails with a preview: the read-only face of both file types. */
export function FileList({ files, image, onRemove }: { files: FileRef[]; image: boolean; onRemove?: (fileId: string) => void }) {
  const { t } = useTranslation();
  const downloadable = useContext(FilesDownloadable);
  if (image) {
    return (
      <Image.PreviewGroup>
        <Space wrap size="small">
          {files.map((file) => (
            <div key={file.fileId} className="qp-rf-thumb">
              <Image width={72} height={72} src={fileUrl(file.fileId)} alt={file.name} title={file.name} />
              {onRemove && (
                <Button size="mini" shape="circle" status="danger" className="qp-rf-thumb-remove" icon={<IconDelete />} aria-label={t('forms.ui.input.removeFile')} onClick={() => onRemove(file.fileId)} />
              )}
            </div>
          ))}
        </Space>
      </Image.PreviewGroup>
    );
  }
  return (
    <div>
      {files.map((file) => (
        <div key={file.fileId} className="qp-rf-file">
          <IconFile />
          <Typography.Text ellipsis className="qp-rf-file-name">
            {downloadable ? <a href={fileUrl(file.fileId)} target="_blank" rel="noopener noreferrer">{file.name}</a> : <span title={t('org.sharing.downloadOff')}>{file.name}</span>}
          </Typography.Text>
          <Typography.Text type="secondary">{megabytes(file.size)} MB</Typography.Text>
          {onRemove && <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={t('forms.ui.input.removeFile')} onClick={() => onRemove(file.fileId)} />}
        </div>
      ))}
    </div>
  );
}

/**
 * attachment / image: pick files, check them as the server will (§5: at most 5 per upload, the field's file
 * count and size limits, images only for image fields), upload them in one multipart call, keep the FileRefs.
 */
export function FileInput({ field, value, onChange, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const capture = useContext(PhotoCapture) && field.type === 'image';
  const [busy, setBusy] = useState(false);
  const files = asFiles(value);
  const image = field.type === 'image';
  const maxFiles = Math.min(field.maxFiles ?? FORM_LIMITS.filesPerUpload, FORM_LIMITS.filesPerUpload);
  const maxSize = field.maxFileSize ?? FORM_LIMITS.fileSizeDefault;
  const room = maxFiles - files.length;

  async function chosen(list: FileList | null) {
    const picked = [...(list ?? [])];
    for (const input of [picker.current, camera.current]) if (input) input.value = ''; // the same file may be picked again after removing it
    if (picked.length === 0) return;
    if (picked.length > FORM_LIMITS.filesPerUpload) return void Message.error(t('forms.file.tooMany', { max: FORM_LIMITS.filesPerUpload }));
    if (picked.length > room) return void Message.error(t('forms.validation.files', { field: field.label, max: maxFiles }));
    const tooLarge = picked.find((f) => f.size > maxSize);
    if (tooLarge) return void Message.error(t('forms.validation.fileSize', { name: tooLarge.name, max: megabytes(maxSize) }));
    const notImage = image ? picked.find((f) => !f.type.startsWith('image/')) : undefined;
    if (notImage) return void Message.error(t('forms.validation.imageType', { name: notImage.name }));
    setBusy(true);
    try {
      const uploaded = await uploadFiles(picked, image ? 'image' : 'attachment', t('common.uploadError'));
      onChange([...files, ...uploaded]);
    } catch (failure) {
      Message.error((failure as Error).message || t('common.uploadError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="qp-rf-files">
      <FileList files={files} image={image} onRemove={disabled ? undefined : (id) => onChange(files.filter((f) => f.fileId !== id))} />
      {!disabled && room > 0 && (
        <Space size="small" className="qp-rf-upload">
          {capture && (
            <Button icon={<IconCamera />} loading={busy} onClick={() => camera.current?.click()} data-testid={`take-photo-${field.key}`}>
              {t('forms.mobile.takePhoto')}
            </Button>
          )}
          <Button icon={<IconUpload />} loading={busy} onClick={() => picker.current?.click()}>
            {t(capture ? 'forms.mobile.fromAlbum' : image ? 'forms.ui.input.uploadImage' : 'forms.ui.input.uploadFile')}
          </Button>
          <Typography.Text type="secondary">{t('forms.ui.input.fileHint', { left: room, size: megabytes(maxSize) })}</Typography.Text>
        </Space>
      )}
      <input ref={picker} type="file" hidden multiple accept={image ? 'image/*' : undefined} onChange={(event) => void chosen(event.target.files)} />
      {capture && <input ref={camera} type="file" hidden accept="image/*" capture="environment" onChange={(event) => void chosen(event.target.files)} />}
    </div>
  );
}
