import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_SETTINGS, normaliseSettings, type Settings } from "~/lib/settings";

export const SETTINGS_FETCHER_KEY = "settings";

/** The layout settings, with a pending change applied optimistically. */
export function useSettings(): { settings: Settings; save: (patch: Partial<Settings> | "reset") => void } {
  const root = useRouteLoaderData<{ settings: Settings }>("root");
  const fetcher = useFetcher({ key: SETTINGS_FETCHER_KEY });
  const base = root?.settings ?? DEFAULT_SETTINGS;
  let settings = base;
  if (fetcher.formData) {
    const pending = Object.fromEntries(fetcher.formData) as Record<string, string>;
    settings = pending.intent === "reset" ? DEFAULT_SETTINGS : normaliseSettings({ ...base, ...pending });
  }
  const save = (patch: Partial<Settings> | "reset") => {
    const form = patch === "reset" ? { intent: "reset" } : { intent: "save", ...Object.fromEntries(Object.entries({ ...settings, ...patch }).map(([k, v]) => [k, String(v)])) };
    fetcher.submit({ ...form, js: "1", savedAt: String(Date.now()) }, { method: "post", action: "/settings" });
  };
  return { settings, save };
}
