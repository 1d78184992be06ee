/**
 * The equity curve: cumulative net P&L by day, drawn by TradingView's lightweight-charts
 * (Apache-2.0; its attribution logo stays on). This module is imported only when the member opens
 * the chart, so the library is a chunk of its own, outside the first visit's. The canvas says
 * nothing to a screen reader: the container is an image labelled with the curve in words.
 */
import { BaselineSeries, createChart, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatRupees } from '@shared/format';
import type { EquityPoint } from '../lib/equity-points';

// The colours of gains and losses elsewhere (components/rupee.css).
const GAIN = '#14632e';
const LOSS = '#a3191c';

export default function EquityCurve({ points, label }: { points: readonly EquityPoint[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Baseline'> | null>(null);

  useEffect(() => {
    // Sized by its container (a ResizeObserver); the page scrolls over it, so no scrolling or zooming in it.
    const created = createChart(container.current!, {
      autoSize: true,
      handleScroll: false,
      handleScale: false,
      localization: { priceFormatter: formatRupees },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      grid: { vertLines: { visible: false } },
    });
    series.current = created.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topLineColor: GAIN,
      topFillColor1: 'rgba(20, 99, 46, 0.25)',
      topFillColor2: 'rgba(20, 99, 46, 0.04)',
      bottomLineColor: LOSS,
      bottomFillColor1: 'rgba(163, 25, 28, 0.04)',
      bottomFillColor2: 'rgba(163, 25, 28, 0.25)',
      lineWidth: 2,
    });
    chart.current = created;
    return () => {
      chart.current = null;
      series.current = null;
      created.remove();
    };
  }, []);

  useEffect(() => {
    series.current?.setData(points.map((p) => ({ time: p.time, value: p.value })));
    chart.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={container} className="equity-curve" role="img" aria-label={label} />;
}
