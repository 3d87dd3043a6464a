// One trend drawn with uPlot: as wide as its box (a ResizeObserver follows it down to a 320 px
// phone), coloured from the design tokens, drawn again when the theme or the text size changes,
// and destroyed on unmount. Only the lazy trends chunk imports this file, so uPlot and its CSS
// never reach another page (decision 019).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { count, DAY_MS, usd } from './buckets.js';

/** A series colour: a `--omega-trend-*` custom property (trends.css), 3:1 or more on cards. */
export type TrendColor = 'blue' | 'green' | 'red' | 'amber' | 'violet' | 'teal';
/** Lines differ by dash as well as colour, so no series is told apart by colour alone. */
export type TrendDash = 'solid' | 'dashed' | 'dotted' | 'dash-dot';

export interface PlotSeries {
  label: string;
  values: readonly number[];
  color: TrendColor;
  dash?: TrendDash;
}

export interface TrendPlotProps {
  /** What the chart shows, for screen readers: the canvas itself says nothing. */
  summary: string;
  /** When each bucket starts (ms since the epoch). */
  starts: readonly number[];
  bucketMs: number;
  series: readonly PlotSeries[];
  unit: 'count' | 'cents';
  /** Called when this browser cannot draw (no canvas); the figure then shows its table. */
  onCannotDraw?: () => void;
}

const DASHES: Record<TrendDash, number[] | undefined> = {
  solid: undefined,
  dashed: [8, 4],
  dotted: [2, 3],
  'dash-dot': [8, 3, 2, 3],
};

// Whole steps only (1, 2, 5, 10, 20, 50, ...): half a sign-in or half a cent is not a value.
const WHOLE_STEPS = Array.from({ length: 10 }, (_, e) => [1, 2, 5].map((m) => m * 10 ** e)).flat();

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A series' name in the legend, after a short sample of its line — dash and all, which
 * uPlot's square markers cannot show.
 */
function legendLabel(series: PlotSeries, stroke: string): HTMLElement {
  const label = document.createElement('span');
  label.className = 'omega-trend__key';
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('width', '24');
  svg.setAttribute('height', '8');
  svg.setAttribute('aria-hidden', 'true');
  const line = document.createElementNS(SVG, 'line');
  for (const [name, value] of Object.entries({ x1: 0, y1: 4, x2: 24, y2: 4, 'stroke-width': 2 })) {
    line.setAttribute(name, String(value));
  }
  line.setAttribute('stroke', stroke);
  line.setAttribute('stroke-dasharray', DASHES[series.dash ?? 'solid']?.join(' ') ?? 'none');
  svg.append(line);
  label.append(svg, series.label);
  return label;
}

// The theme (data-theme) and the text size (the root's font size) are set on <html>.
function subscribeAppearance(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'style'],
  });
  return () => observer.disconnect();
}
const appearanceNow = () =>
  `${document.documentElement.dataset.theme ?? ''} ${document.documentElement.style.fontSize}`;

export function TrendPlot({
  summary,
  starts,
  bucketMs,
  series,
  unit,
  onCannotDraw,
}: TrendPlotProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const appearance = useSyncExternalStore(subscribeAppearance, appearanceNow);

  // `appearance` is read through getComputedStyle below: a new theme or text size draws again.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const style = getComputedStyle(box);
    const token = (name: string) => style.getPropertyValue(name).trim();
    const remPx = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const font = `${Math.round(remPx * 0.75)}px ${token('--omega-font-sans') || 'sans-serif'}`;
    const muted = token('--omega-muted-fg') || '#888';
    const lines = { stroke: token('--omega-border') || '#8884', width: 1 };
    const value = unit === 'cents' ? usd : count;
    const tick = (v: number) =>
      unit === 'cents' ? usd(Math.round(v)).replace(/\.00$/, '') : count(Math.round(v));
    const days = bucketMs >= DAY_MS;
    const height = Math.round(remPx * 14);
    const options: uPlot.Options = {
      width: box.clientWidth,
      height,
      ms: 1,
      // The server's days are UTC days: label them so, wherever the admin is.
      ...(days ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts), 'Etc/UTC') } : {}),
      scales: {
        x: { time: true },
        y: {
          range: {
            min: { pad: 0.1, soft: 0, mode: 1 },
            max: { pad: 0.1, soft: unit === 'cents' ? 100 : 1, mode: 1 },
          },
        },
      },
      axes: [
        { stroke: muted, font, grid: lines, ticks: lines },
        {
          stroke: muted,
          font,
          grid: lines,
          ticks: lines,
          incrs: WHOLE_STEPS,
          values: (_, splits) => splits.map(tick),
          // Wide enough for the longest label ('-$1250'), in the font's average glyph width.
          size: (_, labels) =>
            Math.ceil(Math.max(3, ...(labels ?? []).map((l) => l.length)) * remPx * 0.45) + 14,
        },
      ],
      series: [
        {
          label: days ? 'Day (UTC)' : 'Time',
          value: days ? '{MMM} {D}, {YYYY}' : '{MMM} {D}, {HH}:{mm}',
        },
        ...series.map((s) => {
          const stroke = token(`--omega-trend-${s.color}`) || muted;
          return {
            label: legendLabel(s, stroke),
            stroke,
            width: 2,
            dash: DASHES[s.dash ?? 'solid'],
            value: (_: uPlot, v: number | null) => (v === null ? '–' : value(v)),
          };
        }),
      ],
      // The labels carry their own line samples (and take the series' colour, 4.5:1 or more).
      legend: { markers: { show: false } },
    };
    const data: uPlot.AlignedData = [
      Array.from(starts),
      ...series.map((s) => Array.from(s.values)),
    ];
    let plot: uPlot;
    try {
      plot = new uPlot(options, data, box);
    } catch {
      onCannotDraw?.();
      return;
    }
    const resize =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(([entry]) => {
            const width = Math.floor(entry?.contentRect.width ?? 0);
            if (width > 0 && width !== plot.width) plot.setSize({ width, height });
          });
    resize?.observe(box);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [appearance, starts, bucketMs, series, unit, onCannotDraw]);

  return <div ref={boxRef} className="omega-trend__plot" role="img" aria-label={summary} />;
}
