import { Alert, Avatar, Button, Card, Empty, Input, Message, Space, Spin, Typography } from '@arco-design/web-react';
import { IconAttachment, IconSend } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_LIMITS, type FileRef } from '../../../../shared/forms/fields.ts';
import { useServices } from '../../../shell/services.tsx';
import { FileList } from '../record-form/FileInput.tsx';
import { uploadFiles } from '../record-form/files-api.ts';
import { failureText, formatTime } from './model.ts';
import type { Comment } from './types.ts';

/** CommentBody of shared/api/forms.ts. */
const CONTENT_MAX = 2000;
const MB = 1024 * 1024;

/** §5 checks on the files picked for a comment, in the order the user would fix them; null when all is well. */
export function attachmentProblem(picked: readonly File[], already: number): { key: string; params?: Record<string, string | number> } | null {
  if (already + picked.length > FORM_LIMITS.filesPerUpload) return { key: 'forms.file.tooMany', params: { max: FORM_LIMITS.filesPerUpload } };
  if (picked.some((f) => !f.name.trim())) return { key: 'forms.detail.comment.fileNameEmpty' };
  const large = picked.find((f) => f.size > FORM_LIMITS.fileSizeMax);
  if (large) return { key: 'forms.file.tooLarge', params: { name: large.name, max: FORM_LIMITS.fileSizeMax / MB } };
  return null;
}

/**
 * The record's discussion: what was said, oldest first, and a box to add to it. Empty content and nameless
 * attachments are refused here before sending (§5), as the server would.
 */
export function Comments({ recordPath }: { recordPath: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const picker = useRef<HTMLInputElement>(null);
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [content, setContent] = useState('');
  const [attachments, setAttachments] = useState<FileRef[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'send' | null>(null);

  const load = useCallback(() => {
    api.get<{ comments: Comment[] }>(`${recordPath}/comments`).then(
      (answer) => (setComments(answer.data.comments), setLoadError(null)),
      (failure: unknown) => setLoadError(failureText(failure, t('common.fetchFailed'))),
    );
  }, [api, recordPath, t]);
  useEffect(load, [load]);

  async function pick(list: FileList | null) {
    const files = [...(list ?? [])];
    if (picker.current) picker.current.value = '';
    if (files.length === 0) return;
    const found = attachmentProblem(files, attachments.length);
    if (found) return setProblem(t(found.key, found.params));
    setBusy('upload');
    try {
      const uploaded = await uploadFiles(files, 'attachment', t('common.uploadError'));
      setAttachments((old) => [...old, ...uploaded]);
      setProblem(null);
    } catch (failure) {
      setProblem(failureText(failure, t('common.uploadError')));
    } finally {
      setBusy(null);
    }
  }

  async function send() {
    const text = content.trim();
    if (!text) return setProblem(t('forms.comment.empty'));
    if (attachments.some((a) => !a.name.trim())) return setProblem(t('forms.detail.comment.fileNameEmpty'));
    setBusy('send');
    try {
      await api.post(`${recordPath}/comments`, { content: text, attachments }, { json: true });
      setContent('');
      setAttachments([]);
      setProblem(null);
      Message.success(t('forms.detail.comment.sent'));
      load();
    } catch (failure) {
      setProblem(failureText(failure, t('common.submitFailed')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title={t('forms.detail.comment.title', { n: comments?.length ?? 0 })} className="qp-fd-comments" data-testid="comments">
      {loadError && <Alert type="error" content={loadError} className="qp-fd-gap" />}
      {comments === null && !loadError && <Spin />}
      {comments?.length === 0 && <Empty description={t('forms.detail.comment.none')} />}
      {comments?.map((comment) => (
        <div key={comment.id} className="qp-fd-comment" data-testid={`comment-${comment.id}`}>
          <Avatar size={32} className="qp-fd-comment-avatar">{comment.authorName.slice(0, 1)}</Avatar>
          <div className="qp-fd-comment-body">
            <Space size="small">
              <Typography.Text bold>{comment.authorName}</Typography.Text>
              <Typography.Text type="secondary">{formatTime(comment.createdAt, i18n.language)}</Typography.Text>
            </Space>
            <div className="qp-fd-comment-text">{comment.content}</div>
            {Array.isArray(comment.attachments) && comment.attachments.length > 0 && <FileList files={comment.attachments} image={false} />}
          </div>
        </div>
      ))}
      <div className="qp-fd-comment-form qp-fd-noprint">
        <Input.TextArea
          value={content}
          onChange={(value) => (setContent(value), problem && setProblem(null))}
          maxLength={CONTENT_MAX}
          showWordLimit
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('forms.detail.comment.placeholder')}
          status={problem ? 'error' : undefined}
          data-testid="comment-input"
        />
        {problem && (
          <Typography.Text type="error" className="qp-fd-comment-problem" data-testid="comment-problem">
            {problem}
          </Typography.Text>
        )}
        {attachments.length > 0 && <FileList files={attachments} image={false} onRemove={(id) => setAttachments((old) => old.filter((f) => f.fileId !== id))} />}
        <div className="qp-fd-comment-tools">
          <input ref={picker} type="file" multiple hidden onChange={(event) => void pick(event.target.files)} data-testid="comment-file" />
          <Button
            icon={<IconAttachment />}
            loading={busy === 'upload'}
            disabled={attachments.length >= FORM_LIMITS.filesPerUpload}
            onClick={() => picker.current?.click()}
          >
            {t('forms.detail.comment.attach', { left: FORM_LIMITS.filesPerUpload - attachments.length })}
          </Button>
          <Button type="primary" icon={<IconSend />} loading={busy === 'send'} disabled={busy === 'upload'} onClick={() => void send()} data-testid="comment-send">
            {t('forms.detail.comment.send')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
