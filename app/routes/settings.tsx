import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { DEFAULT_SETTINGS, normaliseSettings } from "~/lib/settings";
import { safeRedirect } from "~/services/session.server";
import { readSettings, settingsSavedAt, writeSettings } from "~/services/settings.server";
import { readForm } from "~/services/read-form.server";

/** Saves layout settings and the sidebar state in their cookie; a plain form post returns to its page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await readForm(request)) as Record<string, string>;
  const current = await readSettings(request);
  const { intent, js, redirect: back, savedAt: savedAtText, ...fields } = form;
  // A page's saves carry when it made them: one that reaches the server after a later one (a slow
  // request the page had already replaced) is stale and changes nothing.
  const savedAt = Number(savedAtText);
  if (js && Number.isFinite(savedAt) && savedAt > 0 && savedAt < (await settingsSavedAt(request))) return json({ ok: true, settings: current });
  const next =
    intent === "reset"
      ? DEFAULT_SETTINGS
      : intent === "toggle-sidebar"
        ? // The state the button offered (collapse or expand), so a repeated post does not flip it back.
          normaliseSettings({ ...current, sidebarOpen: fields.sidebarOpen ?? String(!current.sidebarOpen) })
        : normaliseSettings({
            ...current,
            ...fields,
            // Unchecked checkboxes are absent from a plain form post.
            ...(js ? {} : { tagsView: "tagsView" in fields, fixedHeader: "fixedHeader" in fields, sidebarLogo: "sidebarLogo" in fields }),
          });
  const headers = { "Set-Cookie": await writeSettings(next, js && Number.isFinite(savedAt) ? savedAt : 0) };
  if (js) return json({ ok: true, settings: next }, { headers });
  return redirect(safeRedirect(back), { headers });
}

export const loader = () => redirect("/dashboard");
