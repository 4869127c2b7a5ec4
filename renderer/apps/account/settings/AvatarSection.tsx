import { Alert, Avatar, Button, Message, Popconfirm, Space, Typography } from '@arco-design/web-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTRAIT_LIMITS, SELF_PORTRAIT_PATH } from '../../../../shared/api/org-self.ts';
import { splitSpacePrefix } from '../../../../shared/routes/match.ts';
import { apiUrl } from '../../../kernel/transport.ts';
import { postFiles } from '../../../kernel/upload.ts';
import { useServices } from '../../../shell/services.tsx';
import { AvatarCropper } from './AvatarCropper.tsx';
import { readAvatar, type AvatarProblem, type ChosenAvatar } from './avatar-file.ts';

const spacePrefix = () => splitSpacePrefix(globalThis.location?.pathname ?? '/').spaceUri;
const hasPortrait = (data: unknown): data is { portrait: string } => typeof (data as { portrait?: unknown } | null)?.portrait === 'string';

interface Props {
  name: string;
  portrait: string | null;
  /** The administrator lets members change their portrait (element/setting/member). */
  editable: boolean;
  onChanged(portrait: string | null): void;
}

/**
 * The avatar of "My info" (§3 portrait, §5): the chosen file is checked here by its bytes, size and decoded
 * dimensions, cropped to a square, and both the original and the 256×256 PNG go to the server, which checks them again.
 */
export function AvatarSection({ name, portrait, editable, onChanged }: Props) {
  const { t } = useTranslation();
  const { api } = useServices();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ChosenAvatar | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const say = (problem: AvatarProblem) => t(problem.key, problem.params);

  async function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    const read = await readAvatar(file);
    if ('key' in read) setError(say(read));
    else setChosen(read);
  }
  function close() {
    if (chosen) URL.revokeObjectURL(chosen.url);
    setChosen(null);
  }
  async function upload(png: Blob) {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const crop = new File([png], 'avatar.png', { type: 'image/png' });
      const answer = await postFiles(apiUrl('', spacePrefix(), SELF_PORTRAIT_PATH), [chosen.file, crop], t('common.uploadError'), hasPortrait, 'PUT');
      onChanged(answer.portrait);
      close();
      Message.success(t('orgSelf.avatar.saved'));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }
  async function remove() {
    try {
      await api.delete(SELF_PORTRAIT_PATH);
      onChanged(null);
      Message.success(t('orgSelf.avatar.removed'));
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const { maxBytes, minWidth, minHeight } = PORTRAIT_LIMITS;
  return (
    <div className="qp-my-avatar" data-testid="my-avatar">
      <Avatar size={88} shape="circle">
        {portrait ? <img src={portrait} alt={t('orgSelf.avatar.alt', { name })} data-testid="my-avatar-image" /> : name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Space direction="vertical" size="mini">
        {editable ? (
          <>
            <Space>
              <Button type="primary" size="small" loading={busy} onClick={() => input.current?.click()} data-testid="avatar-change">{t('orgSelf.avatar.change')}</Button>
              {portrait && (
                <Popconfirm title={t('orgSelf.avatar.removeConfirm')} onOk={() => void remove()}>
                  <Button size="small" status="danger" data-testid="avatar-remove">{t('orgSelf.avatar.remove')}</Button>
                </Popconfirm>
              )}
            </Space>
            <Typography.Text type="secondary">{t('orgSelf.avatar.hint', { max: maxBytes / 1024 / 1024, minWidth, minHeight })}</Typography.Text>
            <input ref={input} type="file" hidden accept=".jpg,.jpeg,.gif,.png,.bmp,image/jpeg,image/gif,image/png,image/bmp" onChange={(e) => void choose(e.target.files?.[0])} aria-label={t('orgSelf.avatar.change')} data-testid="avatar-file" />
          </>
        ) : (
          <Typography.Text type="secondary" data-testid="avatar-fixed">{t('orgSelf.avatar.fixedByAdmin')}</Typography.Text>
        )}
        {error && !chosen && <Alert type="error" content={error} data-testid="avatar-error" />}
      </Space>
      {chosen && <AvatarCropper chosen={chosen} busy={busy} error={error} onCancel={close} onCrop={(png) => void upload(png)} />}
    </div>
  );
}
