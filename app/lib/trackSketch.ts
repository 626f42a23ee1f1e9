/**
 * The monitor page's static track picture, computed on the server so the page receives a few
 * coordinates instead of every point: the line, the start and the current (last) position, and the
 * signal interruptions as separate segments.
 */
import type { TrackPoint } from "../../contract/freight";
import { fitFrame, polylinePoints, project, type MapFrame, type ScreenPoint } from "~/lib/trackGeometry";
import type { SignalGap } from "./monitorFigures";

export interface TrackSketch {
  width: number;
  height: number;
  /** The SVG polyline `points` of the whole track. */
  line: string;
  start: ScreenPoint | null;
  end: ScreenPoint | null;
  /** One segment per interruption, from the last point before it to the first after it. */
  gaps: Array<{ from: ScreenPoint; to: ScreenPoint }>;
}

/**
 * Lays `points` out (time order) in `frame` (a base map's), or fitted to a `width`×`height` box, and
 * places the given gaps on the line.
 */
export function trackSketch(points: readonly TrackPoint[], gaps: readonly SignalGap[], width = 800, height = 360, frame?: MapFrame): TrackSketch {
  const sorted = points.filter((p) => Number.isFinite(Date.parse(p.time))).sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const within = frame ?? fitFrame(sorted, width, height, 32);
  const layout = { points: sorted.map((p) => project(within, p)) };
  // The last point at a gap's start time and the first at its end time.
  const lastAt = new Map<string, ScreenPoint>();
  const firstAt = new Map<string, ScreenPoint>();
  sorted.forEach((p, i) => {
    lastAt.set(p.time, layout.points[i]!);
    if (!firstAt.has(p.time)) firstAt.set(p.time, layout.points[i]!);
  });
  const segments: TrackSketch["gaps"] = [];
  for (const gap of gaps) {
    const from = lastAt.get(gap.from);
    const to = gap.to === null ? undefined : firstAt.get(gap.to);
    if (from && to) segments.push({ from, to });
  }
  return {
    width: within.width,
    height: within.height,
    line: polylinePoints(layout.points),
    start: layout.points[0] ?? null,
    end: layout.points[layout.points.length - 1] ?? null,
    gaps: segments,
  };
}
