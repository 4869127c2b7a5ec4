import { Alert, Button, Modal, Result, Space, Spin, Switch, Tag, Typography } from '@arco-design/web-react';
import { IconHistory, IconLeft, IconSave, IconSend } from '@arco-design/web-react/icon';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Branch, FlowNode } from '../../../../shared/workflow/model.ts';
import type { CanvasActions, Selection } from './canvas-nodes.tsx';
import { FlowCanvas } from './FlowCanvas.tsx';
import { addBranch, findNode, insertNode, moveBranch, newNode, removeBranch, removeNode, updateBranch, updateNode, type NewNames } from './model-edit.ts';
import { BranchPanel } from './BranchPanel.tsx';
import { NodePanel } from './NodePanel.tsx';
import { DesignerContext, useRoleGroups, type DesignerShared } from './pickers.tsx';
import { SettingsPanel, VersionsDrawer } from './SettingsPanel.tsx';
import { branchSummary, nodeSummary } from './summaries.ts';
import { useFlowDesign } from './use-flow-design.ts';
import './flow-designer.css';

/**
 * The process designer of one form (decision 0054), opened from the form designer: the flow chart on the
 * left, the selected node's (or branch's, or the whole flow's) settings on the right; save the draft, publish it
 * as a new version, switch the flow on or off, look at the versions.
 */
export function FlowDesigner({ formId, onBack }: { formId: string; onBack?: () => void }) {
  const { t } = useTranslation();
  const flow = useFlowDesign(formId);
  const roleGroups = useRoleGroups();
  const [selection, setSelection] = useState<Selection>(null);
  const [history, setHistory] = useState(false);
  const { model, design, names, fields, problems, change } = flow;

  const texts = useMemo(() => {
    const byPlace = new Map<string, string[]>();
    const all: string[] = [];
    for (const p of problems) {
      const text = t(p.key, { ...p.params });
      all.push(text);
      const key = p.branch ? `${p.node}:${p.branch}` : p.node;
      byPlace.set(key, [...(byPlace.get(key) ?? []), text]);
    }
    return { byPlace, all: [...new Set(all)] };
  }, [problems, t]);

  const newNames: NewNames = useMemo(
    () => ({ node: (type) => t(`workflow.designerUi.type.${type}`), branch: (n) => t('workflow.designerUi.branchN', { n }), otherwise: t('workflow.designerUi.otherwise') }),
    [t],
  );
  const shared: DesignerShared = useMemo(() => ({ fields, names, remember: flow.remember, roleGroups }), [fields, names, flow.remember, roleGroups]);
  const summaryContext = useMemo(() => ({ t, names, fields }), [t, names, fields]);

  const actions: CanvasActions | null = useMemo(() => {
    if (!model) return null;
    return {
      selection,
      select: setSelection,
      insert: (path, index, type) => {
        const node = newNode(model, type, newNames);
        change(insertNode(model, path, index, node));
        setSelection({ kind: 'node', id: node.id });
      },
      remove: (id) => {
        change(removeNode(model, id));
        setSelection(null);
      },
      removeBranch: (gateway, branch) => {
        change(removeBranch(model, gateway, branch));
        setSelection({ kind: 'node', id: gateway });
      },
      problems: texts.byPlace,
      summary: (node) => nodeSummary(node, summaryContext),
      branchSummary: (gateway, branch) => branchSummary(gateway, branch, summaryContext),
    };
  }, [change, model, newNames, selection, summaryContext, texts.byPlace]);

  if (!model || !design || !actions) {
    if (flow.loadError) {
      return <Result status="error" title={t('common.fetchFailed')} subTitle={flow.loadError} extra={<Button type="primary" onClick={() => void flow.load()}>{t('workflow.designerUi.retry')}</Button>} />;
    }
    return <Spin className="qp-flow-loading" tip={t('workflow.designerUi.loading')} />;
  }

  /** Back to the form design; unsaved flow edits would be lost, so the user is asked first. */
  const back = () => {
    if (!flow.dirty) return onBack?.();
    Modal.confirm({ title: t('workflow.designerUi.leaveTitle'), content: t('workflow.designerUi.leaveText'), okText: t('workflow.designerUi.leave'), cancelText: t('workflow.designerUi.keepEditing'), onOk: () => onBack?.() });
  };
  const selectedNode = selection?.kind === 'node' ? findNode(model, selection.id) : null;
  const gateway = selection?.kind === 'branch' ? (findNode(model, selection.gateway) as (FlowNode & { branches: Branch[] }) | null) : null;
  const branch = selection?.kind === 'branch' ? gateway?.branches?.find((b) => b.id === selection.branch) ?? null : null;
  const branchLabel = (b: Branch, index: number) => b.name.trim() || t('workflow.designerUi.branchN', { n: index + 1 });

  let panel;
  if (selectedNode) {
    panel = (
      <NodePanel
        key={selectedNode.id}
        node={selectedNode}
        problems={texts.byPlace.get(selectedNode.id) ?? []}
        onChange={(next) => change(updateNode(model, selectedNode.id, () => next))}
        onAddBranch={() => change(addBranch(model, selectedNode.id, newNames))}
        onSelectBranch={(b) => setSelection({ kind: 'branch', gateway: selectedNode.id, branch: b.id })}
        branchLabel={branchLabel}
      />
    );
  } else if (gateway && branch) {
    panel = (
      <BranchPanel
        key={`${gateway.id}:${branch.id}`}
        gateway={gateway}
        branch={branch}
        onChange={(next) => change(updateBranch(model, gateway.id, branch.id, () => next))}
        onRemove={() => actions.removeBranch(gateway.id, branch.id)}
        onMove={(by) => change(moveBranch(model, gateway.id, branch.id, by))}
      />
    );
  } else {
    panel = <SettingsPanel settings={model.settings} problems={texts.byPlace.get('') ?? []} onChange={(settings) => change({ ...model, settings })} />;
  }

  return (
    <DesignerContext.Provider value={shared}>
      <div className="qp-flow" data-testid="flow-designer">
        <div className="qp-flow-toolbar">
          <Space size="medium">
            {onBack && <Button type="text" icon={<IconLeft />} onClick={back} data-testid="flow-back">{t('workflow.designerUi.back')}</Button>}
            <Typography.Title heading={5} className="qp-flow-title">{t('workflow.designerUi.title', { form: design.formName })}</Typography.Title>
            {design.version > 0 ? <Tag color="green" data-testid="flow-version">{t('workflow.designerUi.versions.version', { version: design.version })}</Tag> : <Tag data-testid="flow-version">{t('workflow.designerUi.unpublished')}</Tag>}
            {flow.dirty && <Tag color="orange">{t('workflow.designerUi.unsaved')}</Tag>}
          </Space>
          <Space>
            <span className="qp-flow-inline">
              <Switch checked={design.enabled} loading={flow.busy === 'enable'} onChange={(on) => void flow.setEnabled(on)} aria-label={t('workflow.designerUi.enabled')} data-testid="flow-enabled" />
              <Typography.Text>{t('workflow.designerUi.enabled')}</Typography.Text>
            </span>
            <Button icon={<IconHistory />} onClick={() => setHistory(true)} data-testid="flow-history">{t('workflow.designerUi.versions.title')}</Button>
            <Button icon={<IconSave />} loading={flow.busy === 'save'} disabled={flow.busy !== null} onClick={() => void flow.saveDraft()} data-testid="flow-save">{t('workflow.designerUi.save')}</Button>
            <Button type="primary" icon={<IconSend />} loading={flow.busy === 'publish'} disabled={flow.busy !== null || design.formVersion === 0} onClick={() => void flow.publish()} data-testid="flow-publish">
              {t('workflow.designerUi.publish')}
            </Button>
          </Space>
        </div>
        {design.formVersion === 0 && <Alert type="warning" className="qp-flow-gap" content={t('workflow.designerUi.formUnpublished')} />}
        {texts.all.length > 0 && (
          <Alert type="error" className="qp-flow-gap" title={t('workflow.designerUi.problemsTitle', { n: texts.all.length })} data-testid="flow-problems"
            content={texts.all.slice(0, 8).map((text, i) => <div key={i}>{text}</div>)} />
        )}
        {texts.all.length === 0 && flow.serverMessage && <Alert type="error" className="qp-flow-gap" content={flow.serverMessage} data-testid="flow-server-error" />}
        <div className="qp-flow-body">
          <FlowCanvas model={model} actions={actions} />
          <aside className="qp-flow-side" aria-label={t('workflow.designerUi.panel')}>
            {selection && (
              <Button size="mini" type="text" className="qp-flow-gap" onClick={() => setSelection(null)} data-testid="flow-show-settings">{t('workflow.designerUi.settings.show')}</Button>
            )}
            {panel}
          </aside>
        </div>
        <VersionsDrawer visible={history} versions={design.versions} current={design.version} onClose={() => setHistory(false)} load={flow.version}
          onRestore={(detail) => {
            flow.restore(detail);
            setSelection(null);
            setHistory(false);
          }} />
      </div>
    </DesignerContext.Provider>
  );
}
