import { Alert, Button, Empty, Spin, Tree, type TreeProps } from '@arco-design/web-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { useCascadeTree, type CascadeNode } from '../hooks/use-cascade-tree.ts';
import { useLoadedDirectory as useDirectory } from '../../record-form/directory.tsx';
import { parsePathKey, pathFilter, usableLevels } from '../model/cascade.ts';
import { combineFilters } from '../model/filter-model.ts';
import { namedByDirectory, refName } from '../model/ref-names.ts';
import { ROLE_TYPES } from '../model/view-config.ts';
import type { RecordViewProps, ViewConfig } from '../types.ts';

type TreeData = NonNullable<TreeProps['treeData']>;

interface Props extends RecordViewProps {
  config: ViewConfig;
  /** The list beside the tree, narrowed to the selected node's path. */
  renderList(filter: FilterGroup | undefined): ReactNode;
  /** A tree alone (the cascade editor's live preview). */
  previewOnly?: boolean;
}

/** The cascade filter: a tree of the level fields' values; selecting a node narrows the list beside it. */
export function CascadeView({ formId, fields, config, filter, reloadKey, renderList, previewOnly }: Props) {
  const { t } = useTranslation();
  const levelKeys = usableLevels(fields, config.levels, ROLE_TYPES.levels);
  const levelsKey = levelKeys.join(',');
  // Keyed by the level keys: a new array each render would restart the tree's requests.
  const levels = useMemo(() => (levelsKey ? levelsKey.split(',') : []).map((key) => fields.find((f) => f.key === key)!), [levelsKey, fields]);
  const tree = useCascadeTree(formId, levels, filter, reloadKey);
  const directory = useDirectory(levels.some(namedByDirectory));
  const [selected, setSelected] = useState<string | null>(null);

  const title = (node: CascadeNode) => (
    <span className="qp-fv-tree-node" data-testid={`cascade-node-${node.key}`}>
      <span>{node.value === null ? t('forms.views.emptyValue') : refName(node.field, node.value, directory, tree.labels)}</span>
      <span className="qp-fv-tree-count">{node.count}</span>
    </span>
  );
  const toTree = (nodes: CascadeNode[]): TreeData => nodes.map((node) => ({ key: node.key, title: title(node), isLeaf: node.isLeaf, children: node.children && toTree(node.children), node }));
  const treeData = toTree(tree.nodes);
  const path = selected ? parsePathKey(selected) : [];
  const listFilter = combineFilters(filter, pathFilter(levelKeys, path));

  if (levels.length === 0) return <Empty description={t('forms.views.cascade.noLevels')} />;
  return (
    <div className={previewOnly ? 'qp-fv-cascade qp-fv-cascade-preview' : 'qp-fv-cascade'}>
      <aside className="qp-fv-cascade-tree">
        <div className="qp-fv-cascade-head">
          <span>{levels.map((f) => f.label || f.key).join(' / ')}</span>
          {selected && !previewOnly && (
            <Button size="mini" type="text" onClick={() => setSelected(null)} data-testid="cascade-all">{t('forms.views.cascade.all')}</Button>
          )}
        </div>
        {tree.error && <Alert type="error" className="qp-gap" content={tree.error} />}
        <Spin loading={tree.loading && tree.nodes.length === 0} block>
          {treeData.length === 0 && !tree.loading ? (
            <Empty description={t('forms.views.cascade.noValues')} />
          ) : (
            <Tree
              blockNode
              treeData={treeData}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => setSelected(keys[0] ?? null)}
              loadMore={(node) => tree.expand((node.props.dataRef as { node: CascadeNode }).node)}
            />
          )}
        </Spin>
      </aside>
      {!previewOnly && <section className="qp-fv-cascade-list">{renderList(listFilter)}</section>}
    </div>
  );
}
