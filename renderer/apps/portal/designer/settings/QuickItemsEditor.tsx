import { Button, Card, Input, InputNumber, Radio, Select, Space } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { APPCENTER_ICONS } from '../../../../../shared/api/appcenter.ts';
import { ICON_TYPES, PORTAL_LIMITS, type IconType, type QuickEntryComponent, type QuickItem } from '../../../../../shared/portal/model.ts';
import { AppIcon } from '../../../../shell/app-icon.tsx';
import { ImageField } from '../../ImageField.tsx';
import { newComponentId } from '../designer-model.ts';
import { useSources } from '../sources.tsx';
import { LinkEditor } from './LinkEditor.tsx';

type Config = QuickEntryComponent['config'];

/**
 * Quick entries: each with name, description, icon (a named icon, a colour, or an image — 1:1 ≥ 500 px ≤ 300 KB,
 * or the 1080×420 carousel image in the rotation style) and its link; items per line for the grid.
 */
export function QuickItemsEditor({ component, onChange }: { component: QuickEntryComponent; onChange(config: Config): void }) {
  const { t } = useTranslation();
  const { match } = useSources();
  const { items, itemsPerLine } = component.config;
  const rotation = component.style === 'rotation';
  const max = rotation ? PORTAL_LIMITS.carouselItems : PORTAL_LIMITS.quickItems;
  const setItems = (next: QuickItem[]) => onChange({ ...component.config, items: next });
  const patch = (id: string, change: Partial<QuickItem>) => setItems(items.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const add = () =>
    setItems([...items, { id: newComponentId(), name: t('portal.ui.quick.newItem', { n: items.length + 1 }), description: '', iconType: rotation ? 'image' : 'icon', icon: rotation ? '' : 'app', link: { type: 'none', target: '' } }]);
  const iconDefault = (type: IconType) => (type === 'icon' ? 'app' : type === 'colour' ? '#165dff' : '');

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {!rotation && (
        <label className="qp-design-field">
          <span>{t('portal.ui.quick.perLine')}</span>
          <InputNumber min={PORTAL_LIMITS.itemsPerLine.min} max={PORTAL_LIMITS.itemsPerLine.max} precision={0} value={itemsPerLine} onChange={(n) => onChange({ ...component.config, itemsPerLine: n ?? 1 })} data-testid="quick-per-line" />
        </label>
      )}
      {items.map((item, j) => (
        <Card key={item.id} size="small" className="qp-design-subcard" data-testid={`quick-item-${j}`}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space>
              <Input value={item.name} maxLength={PORTAL_LIMITS.componentName} onChange={(name) => patch(item.id, { name })} aria-label={t('portal.ui.quick.name')} data-testid={`quick-item-${j}-name`} />
              <Button size="mini" status="danger" icon={<IconDelete />} aria-label={t('portal.ui.quick.remove', { name: item.name })} onClick={() => setItems(items.filter((i) => i.id !== item.id))} />
            </Space>
            <Input value={item.description ?? ''} maxLength={PORTAL_LIMITS.description} placeholder={t('portal.ui.quick.description')} onChange={(description) => patch(item.id, { description })} aria-label={t('portal.ui.quick.description')} />
            {!rotation && (
              <Radio.Group type="button" size="small" value={item.iconType} onChange={(iconType: IconType) => patch(item.id, { iconType, icon: iconDefault(iconType) })} aria-label={t('portal.ui.quick.iconType')}>
                {ICON_TYPES.map((type) => (
                  <Radio key={type} value={type}>{t(`portal.ui.quick.icon.${type}`)}</Radio>
                ))}
              </Radio.Group>
            )}
            {!rotation && item.iconType === 'icon' && (
              <Select value={item.icon} onChange={(icon: string) => patch(item.id, { icon })} aria-label={t('portal.ui.quick.icon.icon')} style={{ width: 160 }}>
                {APPCENTER_ICONS.map((name) => (
                  <Select.Option key={name} value={name}>
                    <AppIcon name={name} /> {name}
                  </Select.Option>
                ))}
              </Select>
            )}
            {!rotation && item.iconType === 'colour' && (
              <input type="color" value={item.icon} onChange={(event) => patch(item.id, { icon: event.target.value })} aria-label={t('portal.ui.quick.icon.colour')} />
            )}
            {(rotation || item.iconType === 'image') && (
              <ImageField kind={rotation ? 'carousel' : 'custom'} value={item.icon || null} onChange={(id) => patch(item.id, { icon: id ?? '' })} spaceUri={match.spaceUri} testId={`quick-item-${j}-image`} label={t('portal.ui.quick.icon.image')} />
            )}
            <LinkEditor value={item.link} onChange={(link) => patch(item.id, { link })} testId={`quick-item-${j}-link`} />
          </Space>
        </Card>
      ))}
      <Button long disabled={items.length >= max} onClick={add} data-testid="quick-add">
        {t('portal.ui.quick.add', { count: items.length, max })}
      </Button>
    </Space>
  );
}
