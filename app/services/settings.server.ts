import { createCookie } from "@remix-run/node";
import { DEFAULT_SETTINGS, normaliseSettings, type Settings } from "~/lib/settings";

/** Layout settings and sidebar state live in a cookie so the server renders them right (spec 2.4). */
const settingsCookie = createCookie("tms_settings", { path: "/", sameSite: "lax", httpOnly: false, maxAge: 365 * 24 * 3600 });

export async function readSettings(request: Request): Promise<Settings> {
  const raw = await settingsCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return normaliseSettings(raw ?? DEFAULT_SETTINGS);
}

export function writeSettings(settings: Settings): Promise<string> {
  return settingsCookie.serialize(normaliseSettings(settings));
}
