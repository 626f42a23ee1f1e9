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
 * A map's frame: the linear projection of longitude and latitude onto a `width`×`height` SVG
 * (equirectangular, longitude shrunk by cos(latitude) so shapes keep their aspect, north up). The
 * base map drawn on the server and everything drawn over it share one frame.
 */
export interface MapFrame {
  width: number;
  height: number;
  /** x = offsetX + (lng − west) · scaleX; y = offsetY + (north − lat) · scale. */
  west: number;
  north: number;
  scaleX: number;
  scale: number;
  offsetX: number;
  offsetY: number;
}

/**
 * The frame fitting points into a `width`×`height` box with `padding` on every side, centred on the
 * axis they do not fill. A single point (or all points equal) lands in the middle.
 */
export function fitFrame(points: readonly GeoPoint[], width = 800, height = 500, padding = 24): MapFrame {
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
  if (!points.length) [minLat, maxLat, minLng, maxLng] = [0, 0, 0, 0];
  const xScale = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = (maxLng - minLng) * xScale;
  const spanY = maxLat - minLat;
  const innerW = Math.max(0, width - 2 * padding);
  const innerH = Math.max(0, height - 2 * padding);
  const scale = spanX === 0 && spanY === 0 ? 0 : Math.min(spanX === 0 ? Infinity : innerW / spanX, spanY === 0 ? Infinity : innerH / spanY);
  return { width, height, west: minLng, north: maxLat, scaleX: xScale * scale, scale, offsetX: padding + (innerW - spanX * scale) / 2, offsetY: padding + (innerH - spanY * scale) / 2 };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Where a point falls in a frame (to 0.01 px). */
export function project(frame: MapFrame, p: GeoPoint): ScreenPoint {
  return { x: round2(frame.offsetX + (p.lng - frame.west) * frame.scaleX), y: round2(frame.offsetY + (frame.north - p.lat) * frame.scale) };
}

/** The longitudes and latitudes a frame shows, edge to edge. */
export function frameBounds(frame: MapFrame): { west: number; east: number; south: number; north: number } {
  if (frame.scale === 0) return { west: frame.west, east: frame.west, south: frame.north, north: frame.north };
  return {
    west: frame.west - frame.offsetX / frame.scaleX,
    east: frame.west + (frame.width - frame.offsetX) / frame.scaleX,
    north: frame.north + frame.offsetY / frame.scale,
    south: frame.north - (frame.height - frame.offsetY) / frame.scale,
  };
}

/** Points laid out in their own frame (the track pictures without a base map). */
export function layoutTrack(points: readonly GeoPoint[], width = 800, height = 500, padding = 24): TrackLayout {
  if (points.length === 0) return { width, height, points: [] };
  const frame = fitFrame(points, width, height, padding);
  return { width, height, points: points.map((p) => project(frame, p)) };
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
