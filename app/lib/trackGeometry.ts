/** Pure geometry of the track playback: GPS points to SVG coordinates, and positions along the line. */

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface ScreenPoint {
  x: number;
  y: number;
}

export interface TrackLayout {
  /** The SVG viewBox size. */
  width: number;
  height: number;
  points: ScreenPoint[];
}

/**
 * Scales points into a `width`×`height` box with `padding` on every side, keeping the map's aspect:
 * longitude is shrunk by cos(latitude) (equirectangular), north is up, and the track is centred on
 * the axis it does not fill. A single point (or all points equal) lands in the middle.
 */
export function layoutTrack(points: readonly GeoPoint[], width = 800, height = 500, padding = 24): TrackLayout {
  if (points.length === 0) return { width, height, points: [] };
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLng = Infinity;
  let maxLng = -Infinity;
  for (const p of points) {
    minLat = Math.min(minLat, p.lat);
    maxLat = Math.max(maxLat, p.lat);
    minLng = Math.min(minLng, p.lng);
    maxLng = Math.max(maxLng, p.lng);
  }
  const xScale = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = (maxLng - minLng) * xScale;
  const spanY = maxLat - minLat;
  const innerW = Math.max(0, width - 2 * padding);
  const innerH = Math.max(0, height - 2 * padding);
  const scale = spanX === 0 && spanY === 0 ? 0 : Math.min(spanX === 0 ? Infinity : innerW / spanX, spanY === 0 ? Infinity : innerH / spanY);
  const offsetX = padding + (innerW - spanX * scale) / 2;
  const offsetY = padding + (innerH - spanY * scale) / 2;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    width,
    height,
    points: points.map((p) => ({
      x: round(offsetX + (p.lng - minLng) * xScale * scale),
      y: round(offsetY + (maxLat - p.lat) * scale),
    })),
  };
}

/** The SVG `points` attribute of a polyline. */
export function polylinePoints(points: readonly ScreenPoint[]): string {
  return points.map((p) => `${p.x},${p.y}`).join(" ");
}

/** Cumulative lengths along the line: [0, |p0p1|, |p0p1|+|p1p2|, …]. */
export function cumulativeLengths(points: readonly ScreenPoint[]): number[] {
  const lengths = [0];
  for (let i = 1; i < points.length; i++) {
    lengths.push(lengths[i - 1]! + Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y));
  }
  return lengths;
}

/**
 * The position at `fraction` (0–1, clamped) of the line's length, and the index of the segment's
 * starting point (for showing that point's time and speed).
 */
export function pointAlong(points: readonly ScreenPoint[], lengths: readonly number[], fraction: number): { x: number; y: number; index: number } {
  if (points.length === 0) return { x: 0, y: 0, index: -1 };
  const total = lengths[lengths.length - 1]!;
  const t = Math.min(1, Math.max(0, fraction));
  if (points.length === 1 || total === 0) {
    const index = t >= 1 ? points.length - 1 : 0;
    return { ...points[index]!, index };
  }
  const target = t * total;
  // Binary search for the segment [i, i+1] containing the target length.
  let lo = 0;
  let hi = lengths.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (lengths[mid]! <= target) lo = mid;
    else hi = mid;
  }
  if (t >= 1) return { ...points[points.length - 1]!, index: points.length - 1 };
  const segment = lengths[hi]! - lengths[lo]!;
  const within = segment === 0 ? 0 : (target - lengths[lo]!) / segment;
  return {
    x: points[lo]!.x + (points[hi]!.x - points[lo]!.x) * within,
    y: points[lo]!.y + (points[hi]!.y - points[lo]!.y) * within,
    index: lo,
  };
}
