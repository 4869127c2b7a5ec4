import { Alert, Button, Spin, Tag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { useBoard } from '../hooks/use-board.ts';
import { EMPTY_COLUMN, boardColumns, optionOf } from '../model/board.ts';
import { labelOf, titleKeys, titleOf, valueOf } from '../model/records.ts';
import type { EditingViewProps, RecordRow, ViewConfig } from '../types.ts';
import { CellValue } from './CellValue.tsx';

const CARD_FIELDS_MAX = 4;
const DRAG_TYPE = 'text/plain';

interface Props extends EditingViewProps {
  field: FieldDef;
  config: ViewConfig;
  spaceUri: string;
}

/** The board: a column per option of the group field (and one for "empty"); drag a card to change its value. */
export function BoardView({ formId, fields, field, config, filter, reloadKey, spaceUri, canCreate, onOpen, onCreate }: Props) {
  const { t } = useTranslation();
  const shown = useMemo(() => (config.columns ?? []).filter((k) => k !== field.key).slice(0, CARD_FIELDS_MAX), [config.columns, field.key]);
  const request = useMemo(() => [...new Set([field.key, ...titleKeys(fields), ...shown])], [field.key, fields, shown]);
  const board = useBoard({ formId, field, filter, columns: request, reloadKey });
  const [over, setOver] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);

  const drop = (column: string) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    // The moved card is drawn anew in its new column: the old element's dragend never reaches React, so the drop
    // ends the drag (otherwise the card stayed greyed until reload).
    setDragging(null);
    try {
      const { id, from } = JSON.parse(e.dataTransfer.getData(DRAG_TYPE)) as { id: string; from: string };
      if (id && from && from !== column) void board.move(id, from, column);
    } catch {
      // Something else was dropped (a file, a text selection): not a card.
    }
  };

  const card = (record: RecordRow, column: string) => (
    <div
      key={record.id}
      className={dragging === record.id ? 'qp-fv-card qp-fv-card-dragging' : 'qp-fv-card'}
      draggable
      data-testid={`board-card-${record.id}`}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ id: record.id, from: column }));
        e.dataTransfer.effectAllowed = 'move';
        setDragging(record.id);
      }}
      onDragEnd={() => setDragging(null)}
      onClick={() => onOpen(record)}
    >
      <div className="qp-fv-card-title">{titleOf(record, fields, board.labels)}</div>
      {shown.map((key) => (
        <div key={key} className="qp-fv-card-line">
          <span className="qp-fv-card-label">{labelOf(fields, key, t)}</span>
          <CellValue field={fields.find((f) => f.key === key)} column={key} value={valueOf(record, key)} labels={board.labels} spaceUri={spaceUri} />
        </div>
      ))}
    </div>
  );

  return (
    <div className="qp-fv-board-wrap">
      {board.error && <Alert type="error" className="qp-gap" content={board.error} />}
      <Spin loading={board.loading} block>
        <div className="qp-fv-board">
          {boardColumns(field).map((column) => {
            const cards = board.state.cards[column] ?? [];
            return (
              <section
                key={column}
                className={over === column ? 'qp-fv-board-column qp-fv-board-over' : 'qp-fv-board-column'}
                data-testid={`board-column-${column}`}
                onDragOver={(e) => {
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                  if (over !== column) setOver(column);
                }}
                onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOver(null)}
                onDrop={drop(column)}
              >
                <header className="qp-fv-board-head">
                  {column === EMPTY_COLUMN ? <Tag>{t('forms.views.board.empty')}</Tag> : <Tag color="arcoblue">{column}</Tag>}
                  <span className="qp-fv-board-count">{board.state.totals[column] ?? 0}</span>
                  {canCreate && column !== EMPTY_COLUMN && (
                    <Button size="mini" type="text" icon={<IconPlus />} aria-label={t('forms.views.newRecord')} onClick={() => onCreate({ [field.key]: optionOf(column) })} />
                  )}
                </header>
                <div className="qp-fv-board-cards">
                  {cards.map((record) => card(record, column))}
                  {cards.length === 0 && !board.loading && <div className="qp-fv-board-none">{t('forms.views.board.noCards')}</div>}
                  {board.cursors[column] && (
                    <Button size="small" type="text" long onClick={() => void board.loadMore(column)}>
                      {t('forms.views.loadMore')}
                    </Button>
                  )}
                </div>
              </section>
            );
          })}
        </div>
      </Spin>
    </div>
  );
}
