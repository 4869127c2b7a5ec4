import { Alert, Tree } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shell/services.tsx';
import type { Department } from './org-api.ts';

interface Node { key: string; title: React.ReactNode; children: Node[] }

function build(departments: Department[], parentId: string | null, disabledLabel: string): Node[] {
  return departments
    .filter((d) => d.parentId === parentId)
    .sort((a, b) => a.sort - b.sort)
    .map((d) => ({
      key: d.id,
      title: (
        <span data-testid={`dept-${d.name}`} className={d.disabled ? 'qp-muted' : undefined}>
          {d.name} {d.disabled && `(${disabledLabel})`}
        </span>
      ),
      children: build(departments, d.id, disabledLabel),
    }));
}

/**
 * The department tree. Dragging onto a department moves the dragged one under it; dropping before or after a
 * department puts it beside it at that place. The server refuses a move into the department's own subtree (422);
 * its message is shown and the tree reloads unchanged.
 */
export function DepartmentTree(props: { departments: Department[]; selected: string | null; onSelect: (id: string) => void; onMoved?: () => void; onError?: (message: string) => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { departments } = props;
  // Every department shows its children unless the user folded it: a new sub-department is seen where it was made.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const expandedKeys = departments.map((d) => d.id).filter((id) => !folded.has(id));

  async function drop(dragId: string, dropId: string, position: number) {
    const target = departments.find((d) => d.id === dropId);
    if (!target) return;
    let parentId: string | null = target.id;
    let index = 0;
    if (position !== 0) {
      parentId = target.parentId;
      const siblings = departments.filter((d) => d.parentId === parentId && d.id !== dragId).sort((a, b) => a.sort - b.sort);
      index = siblings.findIndex((d) => d.id === dropId) + (position > 0 ? 1 : 0);
    }
    try {
      await api.put(`/api/org/departments/${dragId}/position`, { parentId, index }, { json: true });
    } catch (failure) {
      props.onError?.((failure as Error).message);
    }
    props.onMoved?.();
  }

  if (departments.length === 0) return <Alert content={t('org.structure.empty')} />;
  return (
    <Tree
      draggable={!props.readOnly}
      blockNode
      treeData={build(departments, null, t('org.structure.disabled'))}
      selectedKeys={props.selected ? [props.selected] : []}
      expandedKeys={expandedKeys}
      onExpand={(keys) => setFolded(new Set(departments.map((d) => d.id).filter((id) => !keys.includes(id))))}
      onSelect={(keys) => keys[0] && props.onSelect(String(keys[0]))}
      onDrop={({ dragNode, dropNode, dropPosition }) => {
        if (dragNode?.props._key && dropNode?.props._key) void drop(String(dragNode.props._key), String(dropNode.props._key), dropPosition);
      }}
      data-testid="department-tree"
    />
  );
}
