// uPlot needs a canvas and matchMedia (the latter as soon as it is imported); jsdom has
// neither. Tests draw with this stand-in instead (test/setup.ts), which puts an empty canvas
// where the chart would be and keeps what each chart was given.
import type uPlot from 'uplot';

export default class FakeUPlot {
  /** Every plot made since the last `reset()`, oldest first. */
  static instances: FakeUPlot[] = [];
  /** Makes the next construction throw, as a browser that cannot draw would. */
  static failNext = false;

  static reset() {
    FakeUPlot.instances = [];
    FakeUPlot.failNext = false;
  }

  static tzDate(date: Date) {
    return date;
  }

  readonly root = document.createElement('div');
  width: number;
  height: number;
  destroyed = false;

  constructor(
    readonly opts: uPlot.Options,
    readonly data: uPlot.AlignedData,
    target: HTMLElement,
  ) {
    if (FakeUPlot.failNext) {
      FakeUPlot.failNext = false;
      throw new Error('This browser cannot draw');
    }
    this.width = opts.width;
    this.height = opts.height;
    this.root.className = 'uplot';
    this.root.append(document.createElement('canvas'));
    target.append(this.root);
    FakeUPlot.instances.push(this);
  }

  /** The legend labels of the drawn series (the first series is the time axis). */
  get labels() {
    return this.opts.series
      .slice(1)
      .map((s) => (s.label instanceof HTMLElement ? s.label.textContent : s.label));
  }

  setSize(size: { width: number; height: number }) {
    this.width = size.width;
    this.height = size.height;
  }

  destroy() {
    this.destroyed = true;
    this.root.remove();
  }
}
