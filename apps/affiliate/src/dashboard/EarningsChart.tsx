import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney, intlLocale, type Language } from '@nimbus/i18n';
import { tokens } from '@nimbus/ui/theme';
import type { EarningsSeries } from './earnings-series.ts';
import * as styles from './dashboard.css.ts';

export interface EarningsChartProps {
  series: EarningsSeries;
  language: Language;
  /** The series name in the legend, e.g. "Commission". */
  label: string;
  /** The x value's name in the legend, e.g. "Date". */
  dateLabel: string;
}

const HEIGHT = 240;

/**
 * Commission per day as bars, drawn by uPlot on a canvas. This module is its own chunk (uPlot
 * with it), loaded only when a KOL's dashboard shows the chart.
 */
export default function EarningsChart({ series, language, label, dateLabel }: EarningsChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const digits =
      new Intl.NumberFormat('en', {
        style: 'currency',
        currency: series.currency,
      }).resolvedOptions().maximumFractionDigits ?? 2;
    const money = (major: number) =>
      formatMoney(Math.round(major * 10 ** digits), series.currency, language);
    const day = new Intl.DateTimeFormat(intlLocale(language), { month: 'short', day: 'numeric' });
    const { colors, fonts } = tokens;
    const font = `12px ${fonts.body}`;
    const latest = series.days.length - 1;
    const bars = uPlot.paths.bars?.({ size: [0.6, 48], radius: 0.2 });
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        // A refund of a paid-out commission can make a day negative, so the scale may go below 0.
        scales: {
          x: { time: true },
          y: { range: (_u, min, max) => [Math.min(0, min * 1.1), max > 0 ? max * 1.1 : 1] },
        },
        legend: { show: true },
        // Off the chart the legend shows the latest day, not empty values.
        hooks: {
          setCursor: [
            (u) => {
              if (u.cursor.idx == null && latest >= 0) u.setLegend({ idx: latest });
            },
          ],
        },
        cursor: { drag: { x: false, y: false } },
        series: [
          { label: dateLabel, value: (_u, v) => (v == null ? '' : day.format(v * 1000)) },
          {
            label,
            stroke: colors.brand,
            fill: colors.brand,
            width: 0,
            points: { show: false },
            value: (_u, v) => (v == null ? '' : money(v)),
            ...(bars ? { paths: bars } : {}),
          },
        ],
        axes: [
          {
            stroke: colors.textMuted,
            font,
            grid: { show: false },
            values: (_u, splits) => splits.map((v) => day.format(v * 1000)),
          },
          {
            stroke: colors.textMuted,
            font,
            size: 72,
            grid: { stroke: colors.borderSubtle, width: 1 },
            values: (_u, splits) => splits.map((v) => money(v)),
          },
        ],
      },
      [series.days, series.amounts.map((minor) => minor / 10 ** digits)],
      element,
    );
    if (latest >= 0) plot.setLegend({ idx: latest });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [series, language, label, dateLabel]);

  // The canvas is a picture: the figure around it carries the words (total and a table).
  return <div ref={box} className={styles.chartBox} aria-hidden="true" />;
}
