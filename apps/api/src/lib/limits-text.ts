// How the server's limits read for people: the supergod security posture and the plugin list
// of the health page show timeouts and load-shedding thresholds this way.

/** 1536 -> '1.5 KiB', 3_900_000_000 -> '3.6 GiB'. */
export function bytesText(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${n} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** 500 -> '500 ms', 10_000 -> '10 s'. */
export const millisText = (ms: number): string =>
  ms >= 1000 && ms % 100 === 0 ? `${ms / 1000} s` : `${ms} ms`;

/** A load-shedding threshold: 'over 500 ms', or 'off' for 0. */
export const thresholdText = (limit: number, unit: (n: number) => string): string =>
  limit === 0 ? 'off' : `over ${unit(limit)}`;
