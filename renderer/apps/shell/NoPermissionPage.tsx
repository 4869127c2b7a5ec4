import { Button, Result } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { spaceRefusedAtom } from '../../kernel/atoms.ts';
import { useServices } from '../../shell/services.tsx';

/** The page-level no-permission page of spec §8 with its three hints. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const notMember = useAtomValue(spaceRefusedAtom);
  const { hardNavigate } = useServices();
  // The URL names a space this signed-in member does not belong to: say so, and lead back to their own space
  // with a full load (the refusal was decided at start-up).
  if (notMember) {
    return (
      <Result
        status="403"
        title={t('shell.notMember')}
        subTitle={t('shell.notMemberHint')}
        data-testid="not-member-page"
        extra={
          <Button type="primary" onClick={() => hardNavigate('/user/workbench')} data-testid="not-member-back">
            {t('shell.backToOwnSpace')}
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="403"
      title={t('common.pageNoPermission')}
      data-testid="no-permission-page"
      subTitle={
        <ul className="qp-hints">
          <li>{t('common.pageNoPermissionHintAddress')}</li>
          <li>{t('common.pageNoPermissionHintAdmin')}</li>
        </ul>
      }
      extra={<Button onClick={() => history.back()}>{t('common.pageNoPermissionHintBack')}</Button>}
    />
  );
}
