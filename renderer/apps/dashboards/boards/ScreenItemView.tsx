import type { BoardItem, ScreenTheme } from '../../../../shared/dashboards/model.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import type { BoardChartAnswer, DeviceValue } from './boards-api.ts';
import { ChartCard } from './ChartCard.tsx';
import { ClockItem, DeviceItem, TextItem } from './ItemBodies.tsx';
import { chartThemeOf } from './screen-model.ts';

/** Room the chart's name takes above the drawing, in design pixels. */
const CHART_HEAD = 44;

/**
 * One item of a data screen, in the screen's theme: a chart (no export menu: a wall has no one to click it; tips
 * stay), a title or note, the clock, or a device's latest value. A text item's font follows its box's height, so a
 * title is as big as it was drawn.
 */
export function ScreenItemView({ item, answer, device, theme, match, boardId, designing = false }: {
  item: BoardItem;
  answer: BoardChartAnswer | undefined;
  device: DeviceValue | undefined;
  theme: ScreenTheme;
  match: RouteMatch;
  boardId: string;
  designing?: boolean;
}) {
  const style = { fontSize: Math.max(14, Math.min(96, Math.round(item.place.h * (item.kind === 'text' ? 0.45 : 0.28)))) };
  switch (item.kind) {
    case 'chart':
      return item.chartId ? (
        <ChartCard chartId={item.chartId} answer={answer} match={match} boardId={boardId} filters={{}} theme={chartThemeOf(theme)} height={Math.max(60, item.place.h - CHART_HEAD)} tools={false} tips={!designing} />
      ) : null;
    case 'text':
      return <div className="qp-screen-text" style={style}><TextItem item={item} /></div>;
    case 'clock':
      return <div className="qp-screen-clock" style={style}><ClockItem item={item} /></div>;
    case 'device':
      return <div className="qp-screen-device" style={style}><DeviceItem item={item} value={device} /></div>;
  }
}
