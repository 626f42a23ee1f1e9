/**
 * The waterways under the water maps (app/lib/waterways.server.ts): derived from the package, clipped
 * to China's box, simplified, and drawn as a layer of the base between provinces and what a page draws.
 */
import { describe, expect, it } from "vitest";
import { CHINA_BOX, drawBase, mapView } from "../../app/lib/chinaMap.server";
import { simplifyLine, WATERWAY_BOX, waterAreas } from "../../app/lib/waterways.server";

const inside = (box: typeof CHINA_BOX, [lng, lat]: [number, number]) => lng >= box.west && lng <= box.east && lat >= box.south && lat <= box.north;

describe("waterways", () => {
  it("are river areas inside China's box (plus its margin), with the 长江 at 武汉 and 南京 and the 淮河 at 蚌埠", () => {
    const areas = waterAreas();
    expect(areas.length).toBeGreaterThan(1000);
    // Every area touches the margin box; thousands lie in China's own box.
    expect(areas.every((a) => a.box.east >= WATERWAY_BOX.west && a.box.west <= WATERWAY_BOX.east && a.box.north >= WATERWAY_BOX.south && a.box.south <= WATERWAY_BOX.north)).toBe(true);
    expect(areas.filter((a) => a.ring.every((p) => inside(CHINA_BOX, p))).length).toBeGreaterThan(1000);
    // The 长江 crosses the meridians of 武汉 (114.3°E) and 南京 (118.8°E) at their latitudes.
    const crossing = (lng: number, south: number, north: number) => areas.some((a) => a.box.west <= lng && a.box.east >= lng && a.box.north >= south && a.box.south <= north);
    expect(crossing(114.3, 30.4, 30.8)).toBe(true);
    expect(crossing(118.8, 31.9, 32.3)).toBe(true);
    // The 淮河 at 蚌埠 (117.4°E), a chain of small areas in the package.
    expect(crossing(117.4, 32.8, 33.1)).toBe(true);
    // Nothing in the Taklamakan (no river area of a waterway there).
    expect(crossing(83, 38.5, 39.5)).toBe(false);
  });

  it("simplify a line to within the tolerance", () => {
    const line: Array<[number, number]> = [[0, 0], [1, 0.0005], [2, -0.0004], [3, 0], [3, 2]];
    expect(simplifyLine(line, 0.001)).toEqual([[0, 0], [3, 0], [3, 2]]);
    expect(simplifyLine(line, 0.0001)).toHaveLength(5);
  });

  it("are drawn over the provinces when asked, and not otherwise", () => {
    const around = [{ lat: 30.2, lng: 113.8 }, { lat: 31, lng: 115 }];
    const water = mapView(around, { width: 800, height: 500, waterways: true }).base;
    const road = mapView(around, { width: 800, height: 500 }).base;
    const layer = /<path d="(M[^"]+)"[^>]*data-testid="map-waterways"/.exec(water);
    expect(layer?.[1]?.length).toBeGreaterThan(200);
    expect(water.indexOf('data-testid="map-waterways"')).toBeGreaterThan(water.indexOf('data-testid="map-provinces"'));
    expect(road).not.toContain("map-waterways");
    // Many points of the 长江 and 汉江 about 武汉 are drawn inside the picture.
    const points = [...layer![1]!.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(points.filter(([x, y]) => x >= 0 && x <= 800 && y >= 0 && y <= 500).length).toBeGreaterThan(50);
    // The national view keeps a layer too, and the base with it is cached apart from the one without.
    const frame = mapView([], { width: 800, height: 520 }).frame;
    expect(drawBase(frame, { waterways: true })).toContain("map-waterways");
    expect(drawBase(frame)).not.toContain("map-waterways");
  });
});
