// One chart with its table view: a toggle whose name says what a press shows (as the password
// field's Show/Hide does), the drawing or the table, and a caption. A browser that cannot draw
// gets the table alone.
import { Button } from '@omega/ui';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { TrendPlot, type TrendPlotProps } from './trend-plot.js';
import { TrendTable, type TrendTableProps } from './trend-table.js';

export interface TrendFigureProps {
  /** What is drawn, in a few words ('sign-ins'): the toggle reads 'Show table of sign-ins'. */
  name: string;
  caption: ReactNode;
  plot: Omit<TrendPlotProps, 'onCannotDraw'>;
  table: Omit<TrendTableProps, 'label'>;
}

export function TrendFigure({ name, caption, plot, table }: TrendFigureProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [drawable, setDrawable] = useState(true);
  const cannotDraw = useCallback(() => setDrawable(false), []);
  const viewId = useId();
  const showTable = view === 'table' || !drawable;
  const next = showTable ? 'chart' : 'table';
  return (
    <figure className="omega-trend">
      {drawable ? (
        <div className="omega-trend__toolbar">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Show ${next} of ${name}`}
            aria-controls={viewId}
            onClick={() => setView(next)}
          >
            Show {next}
          </Button>
        </div>
      ) : (
        <p className="omega-muted">This browser cannot draw the chart: here are its figures.</p>
      )}
      <div id={viewId} className="omega-trend__view">
        {showTable ? (
          <TrendTable {...table} label={`Table of ${name}`} />
        ) : (
          <TrendPlot {...plot} onCannotDraw={cannotDraw} />
        )}
      </div>
      <figcaption className="omega-trend__caption">{caption}</figcaption>
    </figure>
  );
}
