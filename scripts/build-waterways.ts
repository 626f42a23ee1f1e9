/**
 * `npm run build`, last step: derives build/waterways.json (China's river areas, clipped and
 * simplified) from `@geo-maps/earth-rivers-50m`, so a console reads ~0.5 MB on its first water map
 * instead of parsing the package's 38 MB. See app/lib/waterways.server.ts.
 */
import { statSync } from "node:fs";
import { deriveWaterways, waterwaysFile, writeWaterways } from "../app/lib/waterways.server.js";

const started = performance.now();
const rings = deriveWaterways();
writeWaterways(rings);
const file = waterwaysFile();
console.error(`[build] ${file}: ${rings.length} river areas, ${(statSync(file).size / 1024).toFixed(0)} KB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
