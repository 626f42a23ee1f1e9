/** Pure geometry of the server-rendered charts: nice axis ranges and value → pixel mapping. */

/** The smallest of 1, 2, 2.5, 5 or 10 times a power of ten that is at least `raw` (raw > 0). */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const factor = [1, 2, 2.5, 5, 10].find((f) => residual <= f * (1 + 1e-9)) ?? 10;
  return factor * magnitude;
}

export interface Axis {
  /** The top of the axis: a whole number of steps, at least the data's maximum. */
  max: number;
  step: number;
  /** 0, step, 2·step, … max. */
  ticks: number[];
}

/**
 * An axis from 0 covering `dataMax` in about `tickCount` nice steps. `integer` keeps the steps whole
 * (counts of waybills); an empty series still gets an axis of `tickCount` units.
 */
export function linearAxis(dataMax: number, tickCount = 4, integer = false): Axis {
  const target = Math.max(1, Math.floor(tickCount));
  let step = niceStep(Math.max(dataMax, 0) / target);
  if (integer) step = Math.max(1, Math.ceil(step));
  const steps = Math.max(1, Math.ceil(Math.max(dataMax, 0) / step - 1e-9));
  const max = step * steps;
  // Rounded so 0.1 + 0.2 style drift never shows up in a label.
  const ticks = Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
  return { max, step, ticks };
}

/** Maps a value on an axis to a y pixel in a plot of `height` whose top is at `top`. */
export function yFor(value: number, axis: Axis, top: number, height: number): number {
  const ratio = axis.max > 0 ? Math.min(Math.max(value, 0), axis.max) / axis.max : 0;
  return top + height * (1 - ratio);
}

/** The centre x of the i-th of `count` equal bands across a plot of `width` starting at `left`. */
export function bandCentre(index: number, count: number, left: number, width: number): number {
  return left + (width / Math.max(1, count)) * (index + 0.5);
}

/** An SVG path through the points, in order ("M x y L x y …"); empty for no points. */
export function linePath(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${round(x)} ${round(y)}`).join(" ");
}

export const round = (n: number) => Math.round(n * 10) / 10;

/** An axis label: whole numbers as they are, others with up to 2 decimals and no trailing zeros. */
export function tickLabel(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(2)));
}
