import { Alert, Button, Space } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { SaveProblem } from './use-editor.ts';

interface SaveProblemAlertProps {
  problem: SaveProblem;
  onLoadLatest(): void;
  onTakeSuggested(): void;
  onClose(): void;
}

/**
 * Why a save did not go through, in the server's words, with the way out that fits: load the newer version
 * (a conflict: the user's typing stays until they choose so), or take the number the system suggests.
 */
export function SaveProblemAlert({ problem, onLoadLatest, onTakeSuggested, onClose }: SaveProblemAlertProps) {
  const { t } = useTranslation();
  if (problem.kind === 'conflict') {
    return (
      <Alert
        type="warning"
        title={problem.text}
        content={problem.current ? t('forms.detail.conflict.hint') : t('forms.detail.conflict.hintNoCopy')}
        action={
          problem.current && (
            <Button size="small" type="primary" icon={<IconRefresh />} onClick={onLoadLatest} data-testid="detail-reload">
              {t('forms.detail.conflict.reload')}
            </Button>
          )
        }
        data-testid="detail-conflict"
      />
    );
  }
  if (problem.kind === 'number') {
    return (
      <Alert
        type="warning"
        content={problem.text}
        closable
        onClose={onClose}
        action={
          problem.suggested && (
            <Space>
              <Button size="small" type="primary" onClick={onTakeSuggested} data-testid="detail-use-number">
                {t('forms.detail.number.useSuggested', { number: problem.suggested })}
              </Button>
            </Space>
          )
        }
        data-testid="detail-number-conflict"
      />
    );
  }
  return <Alert type="error" content={problem.text} closable onClose={onClose} data-testid="detail-save-error" />;
}
