import { Input, Select, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { LINK_TYPES, PORTAL_LIMITS, type LinkType, type PortalLink } from '../../../../../shared/portal/model.ts';
import { useSources } from '../sources.tsx';

/** Link types whose pages are not built yet (circles): offered greyed out, not pretended. */
const NOT_YET: readonly LinkType[] = ['circle'];
/** Link types whose targets are the dashboards app's charts, dashboards and data screens. */
const ANALYSIS: readonly LinkType[] = ['chart', 'dashboard', 'analysis'];
const NO_TARGET: readonly LinkType[] = ['none', 'scan', 'search', 'personalSetting'];

/** A quick entry's link: one of the twelve §3 types and its target — an app, a system, a portal, or an address. */
export function LinkEditor({ value, onChange, testId }: { value: PortalLink; onChange(link: PortalLink): void; testId: string }) {
  const { t } = useTranslation();
  const { systems, portals, analysis } = useSources();
  const setType = (type: LinkType) => onChange({ type, target: '' });
  const target = (() => {
    if (NO_TARGET.includes(value.type) || NOT_YET.includes(value.type)) return null;
    if (value.type === 'url') {
      return <Input value={value.target} placeholder="https://" maxLength={PORTAL_LIMITS.url} onChange={(url) => onChange({ ...value, target: url.trim() })} aria-label={t('portal.ui.link.url')} data-testid={`${testId}-url`} />;
    }
    const options =
      value.type === 'app'
        ? systems.flatMap((s) => s.apps.map((a) => ({ value: a.id, label: `${s.name} / ${a.name}` })))
        : value.type === 'system'
          ? systems.map((s) => ({ value: s.id, label: s.name }))
          : ANALYSIS.includes(value.type)
            ? analysis[value.type as 'chart' | 'dashboard' | 'analysis'].map((a) => ({ value: a.id, label: a.name }))
            : portals.map((p) => ({ value: p.id, label: p.name }));
    return (
      <Select value={value.target || undefined} options={options} showSearch placeholder={t(`portal.ui.link.pick.${value.type}`)} onChange={(id: string) => onChange({ ...value, target: id })} aria-label={t(`portal.ui.link.pick.${value.type}`)} data-testid={`${testId}-target`} style={{ minWidth: 180 }} />
    );
  })();
  return (
    <Space wrap>
      <Select value={value.type} onChange={setType} aria-label={t('portal.ui.link.type')} data-testid={`${testId}-type`} style={{ width: 160 }}>
        {LINK_TYPES.map((type) => (
          <Select.Option key={type} value={type} disabled={NOT_YET.includes(type)}>
            {NOT_YET.includes(type) ? t('portal.ui.link.notYet', { type: t(`portal.ui.link.kind.${type}`) }) : t(`portal.ui.link.kind.${type}`)}
          </Select.Option>
        ))}
      </Select>
      {target}
    </Space>
  );
}
