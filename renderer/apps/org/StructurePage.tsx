import { Alert, Card, Descriptions, Grid, Spin } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentMembers } from './DepartmentMembers.tsx';
import { DepartmentTree } from './DepartmentTree.tsx';
import { useList, type Department, type Post } from './org-api.ts';

/**
 * sysop/structure (spec §2.6, every enterprise role): the organisation as members see it — the department tree,
 * a department's code, posts and members with their posts. Read-only; admins change it on the organisation page.
 */
export function StructurePage() {
  const { t } = useTranslation();
  const departments = useList<Department>('/api/org/departments', 'departments');
  const posts = useList<Post>('/api/org/posts', 'posts');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const error = departments.error ?? posts.error;
  if (error) return <Alert type="error" content={error} className="qp-gap" />;
  if (!departments.items || !posts.items) return <Spin block loading className="qp-gap" />;
  const all = departments.items.filter((d) => !d.disabled);
  const selected = all.find((d) => d.id === selectedId) ?? null;
  const departmentPosts = selected ? posts.items.filter((p) => p.departmentId === selected.id).map((p) => p.name) : [];
  return (
    <Grid.Row gutter={16} data-testid="structure-view">
      <Grid.Col span={8}>
        <Card title={t('routes.org.structure')}>
          <DepartmentTree departments={all} selected={selectedId} onSelect={setSelectedId} readOnly />
        </Card>
      </Grid.Col>
      <Grid.Col span={16}>
        {!selected ? (
          <Card><Alert content={t('org.structure.pick')} /></Card>
        ) : (
          <Card title={selected.name} data-testid="structure-department">
            <Descriptions column={1} className="qp-gap" data={[
              { label: t('org.structure.code'), value: selected.code },
              { label: t('org.posts.title'), value: departmentPosts.join(', ') || '—' },
            ]} />
            <h3>{t('org.structure.members')}</h3>
            <DepartmentMembers department={selected} departments={all} posts={posts.items} onChanged={posts.reload} readOnly />
          </Card>
        )}
      </Grid.Col>
    </Grid.Row>
  );
}
