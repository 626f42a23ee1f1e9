import { createCookie } from "@remix-run/node";
import { DEFAULT_SETTINGS, normaliseSettings, type Settings } from "~/lib/settings";

/** Layout settings and sidebar state live in a cookie so the server renders them right (spec 2.4). */
const settingsCookie = createCookie("tms_settings", { path: "/", sameSite: "lax", httpOnly: false, maxAge: 365 * 24 * 3600 });

export async function readSettings(request: Request): Promise<Settings> {
  return normaliseSettings((await rawSettings(request)) ?? DEFAULT_SETTINGS);
}

/** When the page made the save the cookie holds (ms; 0 for a plain form post or an older cookie). */
export async function settingsSavedAt(request: Request): Promise<number> {
  const savedAt = ((await rawSettings(request)) as { savedAt?: unknown } | null)?.savedAt;
  return typeof savedAt === "number" && Number.isFinite(savedAt) ? savedAt : 0;
}

const rawSettings = (request: Request): Promise<unknown> => settingsCookie.parse(request.headers.get("Cookie")).catch(() => null);

export function writeSettings(settings: Settings, savedAt = 0): Promise<string> {
  return settingsCookie.serialize({ ...normaliseSettings(settings), ...(savedAt ? { savedAt } : {}) });
}
