import { useCallback, useEffect, useState } from 'react';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { useServices } from '../../../../shell/services.tsx';
import type { RecordLabels } from '../../record-form/types.ts';
import { pathFilter, pathKey, type CascadePath } from '../model/cascade.ts';
import { combineFilters } from '../model/filter-model.ts';
import { fetchDistinctNamed } from '../records-api.ts';

export interface CascadeNode {
  key: string;
  path: CascadePath;
  field: FieldDef;
  value: string | number | null;
  count: number;
  isLeaf: boolean;
  /** undefined until expanded (loaded on demand). */
  children?: CascadeNode[];
}

function withChildren(nodes: CascadeNode[], key: string, children: CascadeNode[]): CascadeNode[] {
  return nodes.map((node) =>
    node.key === key ? { ...node, children, isLeaf: node.isLeaf || children.length === 0 } : node.children ? { ...node, children: withChildren(node.children, key, children) } : node,
  );
}

/**
 * A cascade filter tree: level 1 is the distinct values of the first level field; expanding a node asks for
 * the next level's distinct values among the records on that node's path.
 */
export function useCascadeTree(formId: string, levels: readonly FieldDef[], filter: FilterGroup | undefined, reloadKey: number) {
  const { api } = useServices();
  const [nodes, setNodes] = useState<CascadeNode[]>([]);
  const [labels, setLabels] = useState<RecordLabels>({});
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const keys = levels.map((f) => f.key);
  const request = JSON.stringify([formId, keys, filter, reloadKey]);

  const load = useCallback(
    async (path: CascadePath): Promise<CascadeNode[]> => {
      const field = levels[path.length]!;
      const answer = await fetchDistinctNamed(api, formId, field, combineFilters(filter, pathFilter(keys, path)));
      setLabels((old) => ({ ...old, relations: { ...old.relations, [field.key]: { ...old.relations?.[field.key], ...answer.labels.relations?.[field.key] } } }));
      return answer.values.map(({ value, count }) => {
        const next = [...path, value];
        return { key: pathKey(next), path: next, field, value, count, isLeaf: next.length >= levels.length };
      });
    },
    // `request` covers formId, the level keys and the filter.
    [api, request],
  );

  useEffect(() => {
    if (levels.length === 0) return;
    let live = true;
    setLoading(true);
    load([]).then(
      (roots) => live && (setNodes(roots), setError(null), setLoading(false)),
      (failure: Error) => live && (setNodes([]), setError(failure.message), setLoading(false)),
    );
    return () => {
      live = false;
    };
  }, [load, levels.length]);

  /** Loads a node's children (Arco Tree's loadMore). */
  const expand = useCallback(
    async (node: CascadeNode) => {
      if (node.isLeaf || node.children) return;
      try {
        const children = await load(node.path);
        setNodes((old) => withChildren(old, node.key, children));
      } catch (failure) {
        setError((failure as Error).message);
      }
    },
    [load],
  );

  return { nodes, labels, loading, error, expand };
}
