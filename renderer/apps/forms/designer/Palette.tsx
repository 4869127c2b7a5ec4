import { Tooltip, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { FieldType } from '../../../../shared/forms/fields.ts';
import { PaletteDraggable } from './designer-dnd.tsx';
import { PALETTE_GROUPS, TYPE_ICON, typeLabelKey } from './field-catalog.tsx';

/** The field types, grouped; a click adds one below the selected field (or at the end), a drag where it is dropped. */
export function Palette({ onAdd, hasSerial }: { onAdd(type: FieldType): void; hasSerial: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="qp-fd-palette">
      {PALETTE_GROUPS.map((group) => (
        <div key={group.id} className="qp-fd-palette-group">
          <Typography.Text type="secondary" className="qp-fd-palette-title">{t(`forms.ui.palette.${group.id}`)}</Typography.Text>
          <div className="qp-fd-palette-grid">
            {group.types.map((type) => {
              // §: one serial per form (forms.design.oneSerial); say why rather than fail on save.
              const blocked = type === 'serial' && hasSerial;
              const item = (
                <button
                  key={type}
                  type="button"
                  className="qp-fd-palette-item"
                  data-testid={`palette-${type}`}
                  disabled={blocked}
                  onClick={() => onAdd(type)}
                >
                  <span className="qp-fd-palette-icon">{TYPE_ICON[type]}</span>
                  <span className="qp-fd-palette-label">{t(typeLabelKey(type))}</span>
                </button>
              );
              return blocked ? (
                <Tooltip key={type} content={t('forms.ui.palette.oneSerial')}><span className="qp-fd-palette-wrap">{item}</span></Tooltip>
              ) : (
                <PaletteDraggable key={type} type={type} disabled={false}>{item}</PaletteDraggable>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
