/** The maps' sizes, at which their loaders draw the base map and project the points (app/lib/chinaMap.server.ts mapView). */
export const FLEET_MAP_SIZE = { width: 800, height: 520 } as const;
/** Degrees around the fleet the map shows, so each vehicle has its surroundings. */
export const FLEET_MARGIN_DEG = 1.5;
export const SHIP_MAP_SIZE = { width: 800, height: 520 } as const;
