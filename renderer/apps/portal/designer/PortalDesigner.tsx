import { Alert, Button, Drawer, Empty, Message, Space, Spin } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComponentStyle, ComponentType } from '../../../../shared/portal/model.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { addComponent, applyLayout, changeStyle, portalLevelProblems, problemsAt, removeComponent, updateComponent, usedSingletons } from './designer-model.ts';
import { DesignGrid } from './DesignGrid.tsx';
import { Palette } from './Palette.tsx';
import { ComponentSettings } from './settings/ComponentSettings.tsx';
import { SourcesProvider } from './sources.tsx';
import { usePortalDesign } from './use-portal-design.ts';
import './designer.css';

/**
 * The layout designer (decision 0061), a full-screen drawer over portal management: the palette of the six
 * component types, the 12-column grid and the selected component's settings. Saving checks the draft with the
 * shared rules first, sends the version it edited, and shows the server's problems at their component.
 */
export function PortalDesigner({ portalId, match, onClose }: { portalId: string; match: RouteMatch; onClose(): void }) {
  const { t } = useTranslation();
  const design = usePortalDesign(portalId);
  const { draft, portal, problems } = design;
  const [selected, setSelected] = useState<string | null>(null);
  const [dragging, setDragging] = useState<ComponentType | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const add = (type: ComponentType, at?: { x: number; y: number }) => {
    if (!draft) return;
    const result = addComponent(draft, type, t(`portal.ui.type.${type}`), at);
    setDragging(null);
    if ('refused' in result) return setNotice(t(`portal.ui.designer.refused.${result.refused}`, { type: t(`portal.ui.type.${type}`) }));
    design.change(result.draft);
    setSelected(result.id);
    setNotice(null);
  };
  const setStyle = (id: string, style: ComponentStyle) => {
    if (!draft) return;
    const component = draft.components.find((c) => c.id === id);
    if (!component) return;
    const { component: next, dropped } = changeStyle(component, style);
    design.change(updateComponent(draft, id, () => next));
    setNotice(dropped > 0 ? t('portal.ui.designer.carouselKept', { dropped, kept: 10 }) : null);
  };
  async function save() {
    if (await design.save()) Message.success(t('portal.ui.designer.saved'));
  }

  const index = draft?.components.findIndex((c) => c.id === selected) ?? -1;
  const current = index >= 0 ? draft!.components[index]! : null;
  const top = portalLevelProblems(problems);
  const firstBad = draft?.components.findIndex((_, i) => problemsAt(problems, i).length > 0) ?? -1;

  return (
    <Drawer visible width="100%" placement="right" footer={null} unmountOnExit onCancel={onClose} className="qp-design-drawer" title={
      <Space>
        <span>{t('portal.ui.designer.title', { name: portal?.name ?? '' })}</span>
        {design.dirty && <span className="qp-design-unsaved">{t('portal.ui.designer.unsaved')}</span>}
      </Space>
    }>
      {design.loadError ? (
        <Alert type="error" content={design.loadError} data-testid="designer-load-error" />
      ) : !draft ? (
        <Spin />
      ) : (
        <SourcesProvider terminal={draft.terminal} match={match}>
          <div className="qp-design" data-testid="portal-designer">
            <div className="qp-design-bar">
              <Button type="primary" loading={design.busy} onClick={() => void save()} data-testid="designer-save">{t('portal.ui.save')}</Button>
              <Button onClick={onClose} data-testid="designer-close">{t('portal.ui.designer.close')}</Button>
              {design.saved && !design.dirty && <span className="qp-design-saved" data-testid="designer-saved">{t('portal.ui.designer.saved')}</span>}
            </div>
            {notice && <Alert type="warning" content={notice} closable onClose={() => setNotice(null)} data-testid="designer-notice" />}
            {design.serverMessage && <Alert type="error" content={design.serverMessage} data-testid="designer-server-error" />}
            {(top.length > 0 || firstBad >= 0) && (
              <Alert
                type="error"
                data-testid="designer-problems"
                content={
                  <ul className="qp-design-problems">
                    {top.map((p, i) => <li key={i}>{t(p.key, p.params)}</li>)}
                    {firstBad >= 0 && (
                      <li>
                        <button type="button" className="qp-portal-linkbutton" onClick={() => setSelected(draft.components[firstBad]!.id)}>
                          {t('portal.ui.designer.componentProblems', { name: draft.components[firstBad]!.name })}
                        </button>
                      </li>
                    )}
                  </ul>
                }
              />
            )}
            <div className="qp-design-body">
              <Palette used={usedSingletons(draft.components)} onAdd={(type) => add(type)} onDragType={setDragging} />
              <DesignGrid
                components={draft.components}
                selected={selected}
                dragging={dragging}
                problemCount={(i) => problemsAt(problems, i).length}
                onSelect={setSelected}
                onRemove={(id) => (design.change(removeComponent(draft, id)), selected === id && setSelected(null))}
                onLayout={(cells) => design.change(applyLayout(draft, cells))}
                onDropType={(type, at) => add(type, at)}
              />
              <aside className="qp-design-settings" aria-label={t('portal.ui.designer.settings')}>
                <h2 className="qp-design-heading">{t('portal.ui.designer.settings')}</h2>
                {current ? (
                  <ComponentSettings
                    key={current.id}
                    component={current}
                    problems={problemsAt(problems, index)}
                    onChange={(next) => design.change(updateComponent(draft, current.id, () => next))}
                    onStyle={(style) => setStyle(current.id, style)}
                  />
                ) : (
                  <Empty description={t('portal.ui.designer.pickOne')} />
                )}
              </aside>
            </div>
          </div>
        </SourcesProvider>
      )}
    </Drawer>
  );
}
