import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppDataData, ComponentData, ComponentResult } from '../../../../shared/portal/data.ts';
import type { Portal, PortalComponent } from '../../../../shared/portal/model.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { useServices } from '../../../shell/services.tsx';
import { portalApi } from '../portal-api.ts';
import { AppDataView } from './AppDataView.tsx';
import { ComponentFrame, EmptyState } from './ComponentFrame.tsx';
import { ChartView, MessageAlertView, MyWorkView } from './DataViews.tsx';
import { CustomView, QuickEntryView } from './QuickEntryView.tsx';
import './viewer.css';

/** Reading order: top to bottom, then left to right — the order a narrow screen stacks the components in. */
const byPlace = (a: PortalComponent, b: PortalComponent) => a.place.y - b.place.y || a.place.x - b.place.x;

function Body({ component, data, portalId, match }: { component: PortalComponent; data: ComponentData | null; portalId: string; match: RouteMatch }) {
  const { t } = useTranslation();
  const { api } = useServices();
  switch (component.type) {
    case 'quickEntry':
      return <QuickEntryView component={component} match={match} />;
    case 'custom':
      return <CustomView component={component} spaceUri={match.spaceUri} />;
    default:
      break;
  }
  // A sourced component whose answer is missing or of another type is an empty state, never a crash.
  if (!data || data.type !== component.type) return <EmptyState text={t('portal.ui.view.noData')} />;
  if (data.type === 'messageAlert') return <MessageAlertView data={data} style={component.style} />;
  if (data.type === 'myWork') return <MyWorkView data={data} style={component.style} />;
  if (data.type === 'chart') return <ChartView data={data} />;
  if (data.type === 'appData' && component.type === 'appData') {
    const fetchPage = async (label: string, cursor: string | null) => {
      const result = await portalApi(api).componentData(portalId, component.id, label, cursor);
      if (!result.ok) throw new Error(result.error);
      if (result.data.type !== 'appData') throw new Error(t('portal.ui.view.noData'));
      return result.data as AppDataData;
    };
    return <AppDataView component={component} first={data} fetchPage={fetchPage} />;
  }
  return <EmptyState text={t('portal.ui.view.noData')} />;
}

/** One component with its own result; "retry" asks the component's data call again, touching nothing else. */
function Cell({ component, initial, portalId, match }: { component: PortalComponent; initial: ComponentResult | undefined; portalId: string; match: RouteMatch }) {
  const { api } = useServices();
  const [result, setResult] = useState(initial);
  const [round, setRound] = useState(0);
  const retry = () =>
    portalApi(api)
      .componentData(portalId, component.id)
      .then(
        (answer) => (setResult(answer), setRound((n) => n + 1)),
        (failure: Error) => setResult({ ok: false, error: failure.message, status: 0 }),
      );
  const error = result && !result.ok ? result.error : null;
  const { x, y, w, h } = component.place;
  const cell = { gridColumn: `${x + 1} / span ${w}`, gridRow: `${y + 1} / span ${h}` } as CSSProperties;
  return (
    <div className="qp-portal-cell" style={cell}>
      <ComponentFrame component={component} error={error} onRetry={retry}>
        <Body key={round} component={component} data={result?.ok ? result.data : null} portalId={portalId} match={match} />
      </ComponentFrame>
    </div>
  );
}

/**
 * A portal's layout from one `open` answer: the 12-column grid on wide screens, one column in the order of reading
 * on narrow ones (the app and applet terminals, a phone's browser) — by a container query, so the preview's frame
 * width decides too. Each component draws its own data, empty state and error.
 */
export function PortalView({ portal, components, match }: { portal: Portal; components: Record<string, ComponentResult>; match: RouteMatch }) {
  const { t } = useTranslation();
  if (portal.components.length === 0) return <EmptyState text={t('portal.ui.view.emptyPortal')} />;
  return (
    <div className="qp-portal-frame" data-testid="portal-view" data-portal={portal.id}>
      <div className="qp-portal-grid">
        {[...portal.components].sort(byPlace).map((component) => (
          <Cell key={`${portal.id}/${component.id}`} component={component} initial={components[component.id]} portalId={portal.id} match={match} />
        ))}
      </div>
    </div>
  );
}
