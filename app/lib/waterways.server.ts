/**
 * The inland waterways under the water-transport maps: the river areas of `@geo-maps/earth-rivers-50m`
 * (MIT code, ODbL data from OpenStreetMap; one GeoJSON GeometryCollection of MultiPolygons, 38 MB,
 * no names), clipped to China's box plus a margin and simplified to the maps' precision.
 *
 * Reading the package costs ~2.5 s and ~270 MB of RSS, so `npm run build` derives a small file once
 * (scripts/build-waterways.ts → build/waterways.json, ~0.5 MB) and a server reads that on the first
 * map that shows water, not at start. Without it (tests, a bare checkout) the first such map derives
 * the same data from the package and writes the file for the next process. See
 * docs/design/charts-and-maps.md.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** A river area's outline, [lng, lat] in degrees, and its box. */
export interface WaterArea {
  ring: Array<[number, number]>;
  box: { west: number; east: number; south: number; north: number };
}

/** China's box (as the base map's `CHINA_BOX`) plus 2° each side: views at the border still show rivers. */
export const WATERWAY_BOX = { west: 71.5, east: 137, south: 16, north: 55.6 };
/** Douglas–Peucker tolerance and grid, degrees: ~200 m, a pixel on the most zoomed water map (500 px/°). */
export const WATERWAY_TOLERANCE_DEG = 0.002;
const GRID = 1000;
/** Areas closer than this (degrees, ~2.5 km) belong to one river; a river shorter than `MIN_CHAIN_DEG` across is left out. */
const CHAIN_GAP_DEG = 0.025;
const MIN_CHAIN_DEG = 1.5;

/** The derived file, relative to the app's directory (where the console is run from). */
export const waterwaysFile = () => join(process.cwd(), "build/waterways.json");

type Position = [number, number];

/** Squared distance from p to the segment a–b. */
function segmentDistance2(p: Position, a: Position, b: Position): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

/** Douglas–Peucker (iterative): the points of `line` needed to stay within `tolerance` of it. */
export function simplifyLine(line: readonly Position[], tolerance: number): Position[] {
  if (line.length <= 2) return [...line];
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, line.length - 1]];
  const t2 = tolerance * tolerance;
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstD = t2;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance2(line[i]!, line[first]!, line[last]!);
      if (d > worstD) [worst, worstD] = [i, d];
    }
    if (worst > 0) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  return line.filter((_, i) => keep[i]);
}

/**
 * The package's river areas inside `WATERWAY_BOX`, outer rings only (islands in a river are below the
 * maps' scale), simplified and snapped to the grid, as delta-encoded integer rings:
 * `[x0, y0, dx1, dy1, …]` in thousandths of a degree.
 */
export function deriveWaterways(source = createRequire(import.meta.url).resolve("@geo-maps/earth-rivers-50m/map.geo.json")): number[][] {
  const collection = JSON.parse(readFileSync(source, "utf8")) as { geometries: Array<{ type: string; coordinates: Position[][][] }> };
  const b = WATERWAY_BOX;
  const areas: Array<{ outer: Position[]; box: WaterArea["box"] }> = [];
  for (const geometry of collection.geometries) {
    if (geometry.type !== "MultiPolygon") continue;
    for (const [outer] of geometry.coordinates) {
      if (!outer) continue;
      let [west, east, south, north] = [Infinity, -Infinity, Infinity, -Infinity];
      for (const [x, y] of outer) [west, east, south, north] = [Math.min(west, x), Math.max(east, x), Math.min(south, y), Math.max(north, y)];
      if (east < b.west || west > b.east || north < b.south || south > b.north) continue;
      areas.push({ outer, box: { west, east, south, north } });
    }
  }
  const out: number[][] = [];
  for (const { outer } of waterwayAreas(areas)) {
    const encoded: number[] = [];
    let [px, py] = [0, 0];
    for (const [x, y] of simplifyLine(outer, WATERWAY_TOLERANCE_DEG)) {
      const [gx, gy] = [Math.round(x * GRID), Math.round(y * GRID)];
      if (encoded.length && gx === px && gy === py) continue;
      encoded.push(encoded.length ? gx - px : gx, encoded.length ? gy - py : gy);
      [px, py] = [gx, gy];
    }
    if (encoded.length >= 6) out.push(encoded);
  }
  return out;
}

/**
 * The package draws a river as a chain of small areas with gaps between them, among ponds and
 * fragments of streams. Areas closer than `CHAIN_GAP_DEG` are one chain (union–find over a grid of
 * that size); only chains longer than `MIN_CHAIN_DEG` across are waterways.
 */
function waterwayAreas<T extends { box: WaterArea["box"] }>(areas: readonly T[]): T[] {
  const parent = areas.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const cells = new Map<string, number>();
  const cell = (v: number) => Math.floor(v / CHAIN_GAP_DEG);
  areas.forEach(({ box }, i) => {
    for (let x = cell(box.west - CHAIN_GAP_DEG / 2); x <= cell(box.east + CHAIN_GAP_DEG / 2); x++)
      for (let y = cell(box.south - CHAIN_GAP_DEG / 2); y <= cell(box.north + CHAIN_GAP_DEG / 2); y++) {
        const key = `${x},${y}`;
        const other = cells.get(key);
        if (other === undefined) cells.set(key, i);
        else parent[find(i)] = find(other);
      }
  });
  const chains = new Map<number, WaterArea["box"]>();
  areas.forEach(({ box }, i) => {
    const root = find(i);
    const c = chains.get(root);
    chains.set(root, c ? { west: Math.min(c.west, box.west), east: Math.max(c.east, box.east), south: Math.min(c.south, box.south), north: Math.max(c.north, box.north) } : box);
  });
  return areas.filter((_, i) => {
    const c = chains.get(find(i))!;
    return Math.hypot(c.east - c.west, c.north - c.south) >= MIN_CHAIN_DEG;
  });
}

/** What the file was derived with: a file derived otherwise is derived again. */
const derivation = () => ({ source: "@geo-maps/earth-rivers-50m", box: WATERWAY_BOX, toleranceDeg: WATERWAY_TOLERANCE_DEG, chainGapDeg: CHAIN_GAP_DEG, minChainDeg: MIN_CHAIN_DEG, grid: GRID });

/** Writes the derived file (the build step, and the first process that had to derive it). */
export function writeWaterways(rings: number[][], file = waterwaysFile()): void {
  mkdirSync(dirname(file), { recursive: true });
  // Written aside and renamed, so a process reading it never sees half a file.
  writeFileSync(`${file}.${process.pid}`, JSON.stringify({ ...derivation(), rings }));
  renameSync(`${file}.${process.pid}`, file);
}

function decode(rings: number[][]): WaterArea[] {
  return rings.map((encoded) => {
    const ring: Position[] = [];
    let [x, y] = [0, 0];
    for (let i = 0; i + 1 < encoded.length; i += 2) {
      x += encoded[i]!;
      y += encoded[i + 1]!;
      ring.push([x / GRID, y / GRID]);
    }
    const lngs = ring.map((p) => p[0]);
    const lats = ring.map((p) => p[1]);
    return { ring, box: { west: Math.min(...lngs), east: Math.max(...lngs), south: Math.min(...lats), north: Math.max(...lats) } };
  });
}

let cached: WaterArea[] | null = null;

/** The river areas, read (or derived) on first use and kept in memory. */
export function waterAreas(): readonly WaterArea[] {
  if (cached) return cached;
  const file = waterwaysFile();
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { rings: number[][] }) : null;
  let rings: number[][];
  if (stored && JSON.stringify({ ...stored, rings: undefined }) === JSON.stringify({ ...derivation(), rings: undefined })) rings = stored.rings;
  else {
    rings = deriveWaterways();
    try {
      writeWaterways(rings, file);
    } catch {
      // A read-only directory: this process keeps its copy in memory.
    }
  }
  cached = decode(rings);
  return cached;
}
