import { Alert, Card, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { PostTable } from './PostTable.tsx';
import { useList, type Department, type Post } from './org-api.ts';

/** postManage (spec §2.6; element/ and console/): every post of the space, whatever its department. */
export function PostManagePage() {
  const { t } = useTranslation();
  const departments = useList<Department>('/api/org/departments', 'departments');
  const posts = useList<Post>('/api/org/posts', 'posts');
  const error = departments.error ?? posts.error;
  if (error) return <Alert type="error" content={error} className="qp-gap" />;
  if (!departments.items || !posts.items) return <Spin block loading className="qp-gap" />;
  return (
    <Card title={t('org.posts.title')} data-testid="post-manage">
      {departments.items.length === 0 && <Alert content={t('org.posts.needDepartment')} className="qp-gap" />}
      <PostTable posts={posts.items} departments={departments.items} onChanged={posts.reload} />
    </Card>
  );
}
