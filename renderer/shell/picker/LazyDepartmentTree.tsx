import { Alert, Spin, Tree, type TreeProps } from '@arco-design/web-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerDepartment, PickerPage } from '../../../shared/org/picker.ts';
import { useServices } from '../services.tsx';

type TreeData = NonNullable<TreeProps['treeData']>;

interface LazyDepartmentTreeProps {
  /** Prefix of the nodes' `data-testid` (`{testId}-node-{name}`). */
  testId: string;
  /** Checkboxes for picking departments (each on its own: picking one does not pick its sub-departments). */
  checkable?: boolean;
  checked?: readonly string[];
  onCheck?(department: PickerDepartment, checked: boolean): void;
  /** Selection for browsing (the address book, the picker's member tab). */
  selected?: string | null;
  onSelect?(department: PickerDepartment): void;
}

/**
 * The department tree, one level at a time: the roots first, a department's children when it is expanded
 * (GET /api/org/picker/departments?parentId=), so a space with 1,000 departments sends a few dozen at once.
 * Used by the address book and the picker; both live with the shell so any app may use them.
 */
export function LazyDepartmentTree({ testId, checkable, checked = [], onCheck, selected = null, onSelect }: LazyDepartmentTreeProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  // Children by parent id ('' for the roots); a parent absent from the map has not been expanded yet.
  const [levels, setLevels] = useState<ReadonlyMap<string, PickerDepartment[]>>(new Map());
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (parentId: string | null) => {
      try {
        const answer = await api.get<PickerPage<PickerDepartment>>('/api/org/picker/departments', { params: parentId ? { parentId } : {} });
        setLevels((old) => new Map(old).set(parentId ?? '', answer.data.items));
      } catch (failure) {
        setError((failure as Error).message);
      }
    },
    [api],
  );
  useEffect(() => void load(null), [load]);

  const byId = useMemo(() => new Map([...levels.values()].flat().map((d) => [d.id, d])), [levels]);
  const build = (parent: string): TreeData =>
    (levels.get(parent) ?? []).map((d) => ({
      key: d.id,
      title: (
        <span data-testid={`${testId}-node-${d.name}`} className={d.disabled ? 'qp-muted' : undefined}>
          {d.name}
          {d.disabled && ` (${t('org.picker.disabled')})`}
        </span>
      ),
      isLeaf: !d.hasChildren,
      disableCheckbox: d.disabled,
      ...(levels.has(d.id) ? { children: build(d.id) } : {}),
    }));

  if (error) return <Alert type="error" content={t('org.picker.loadFailed', { reason: error })} />;
  if (!levels.has('')) return <Spin block loading />;
  if (levels.get('')!.length === 0) return <Alert content={t('org.picker.empty')} />;
  return (
    <Tree
      blockNode
      treeData={build('')}
      loadMore={(node) => load(String(node.props._key ?? node.key))}
      checkable={checkable}
      checkStrictly
      checkedKeys={[...checked]}
      onCheck={(_keys, extra) => {
        const department = byId.get(String(extra.node.props._key ?? extra.node.key));
        if (department) onCheck?.(department, extra.checked);
      }}
      selectedKeys={selected ? [selected] : []}
      onSelect={(_keys, extra) => {
        const department = byId.get(String(extra.node.props._key ?? extra.node.key));
        if (department) onSelect?.(department);
      }}
      data-testid={`${testId}-tree`}
    />
  );
}
