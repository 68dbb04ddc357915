import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { inATaskOfItsOwn } from '../../../lib/one-task-each.ts';

/*
 * One small uPlot chart. This module is imported dynamically (see activity-chart.tsx), so uPlot
 * and its CSS load only on the dashboard, after the page's figures are on screen.
 */

export type UplotChartProps = {
  /** Day labels ("Nov 3"), one per point. */
  labels: readonly string[];
  values: readonly number[];
  /** A CSS colour for the line (the fill is the same, faint). */
  color: string;
  height?: number;
};

function options(props: UplotChartProps, width: number): uPlot.Options {
  const { labels, color, height = 120 } = props;
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [
      {
        stroke: '#57534e',
        grid: { show: false },
        ticks: { show: false },
        size: 28,
        space: 48,
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
      },
      {
        stroke: '#57534e',
        grid: { stroke: '#e7e5e4', width: 1 },
        ticks: { show: false },
        size: 36,
        space: 28,
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')),
      },
    ],
    series: [{}, { stroke: color, width: 2, fill: `${color}22`, points: { show: false } }],
  };
}

/** Draws the series and keeps it as wide as its box. */
export default function UplotChart(props: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { labels, values, color, height = 120 } = props;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    // Each chart draws in a task of its own: the dashboard's three took one 20-30 ms task.
    const cancel = inATaskOfItsOwn(() => {
      const data: uPlot.AlignedData = [labels.map((_, i) => i), [...values]];
      const drawn = new uPlot(
        options({ labels, values, color, height }, element.clientWidth || 300),
        data,
        element,
      );
      plot = drawn;
      observer =
        typeof ResizeObserver === 'function'
          ? new ResizeObserver(() => drawn.setSize({ width: element.clientWidth || 300, height }))
          : null;
      observer?.observe(element);
    });
    return () => {
      cancel();
      observer?.disconnect();
      plot?.destroy();
    };
  }, [labels, values, color, height]);

  return <div ref={box} className="w-full" />;
}
