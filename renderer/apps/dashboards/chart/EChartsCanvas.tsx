import { useEffect, useRef } from 'react';
import type { BuiltOption } from './chart-option.ts';
import { echarts, ensureChinaMap } from './echarts-setup.ts';

export interface EChartsCanvasProps {
  built: BuiltOption;
  theme: 'light' | 'dark';
  onPick?: (rowIndex: number) => void;
  onReady?: (api: { toPNG(): string } | null) => void;
}

/**
 * One ECharts instance on a div that fills its parent: re-initialised when the theme changes (ECharts themes are
 * fixed at init), resized with its box (dashboard cells, screens scaled to the display), disposed on unmount.
 */
export default function EChartsCanvas({ built, theme, onPick, onReady }: EChartsCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const instance = useRef<ReturnType<typeof echarts.init> | null>(null);
  // The latest callbacks without re-binding the instance's events on every render.
  const latest = useRef({ built, onPick, onReady });
  latest.current = { built, onPick, onReady };

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const chart = echarts.init(element, theme === 'dark' ? 'dark' : undefined);
    instance.current = chart;
    chart.on('click', (event) => {
      const row = latest.current.built.rowAt(event.seriesIndex ?? 0, event.dataIndex ?? 0);
      if (row !== null) latest.current.onPick?.(row);
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(element);
    latest.current.onReady?.({ toPNG: () => chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: theme === 'dark' ? '#0b1a33' : '#fff' }) });
    return () => {
      latest.current.onReady?.(null);
      resize.disconnect();
      chart.dispose();
      instance.current = null;
    };
  }, [theme]);

  useEffect(() => {
    let cancelled = false;
    const apply = () => {
      if (!cancelled) instance.current?.setOption(built.option, { notMerge: true });
    };
    if (built.needsChinaMap) void ensureChinaMap().then(apply);
    else apply();
    return () => {
      cancelled = true;
    };
  }, [built, theme]);

  return <div ref={host} className="qp-chart-canvas" style={{ width: '100%', height: '100%', cursor: onPick ? 'pointer' : undefined }} />;
}
