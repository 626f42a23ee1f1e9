/**
 * Fills reference pickers: one page of the referenced resource's scoped options,
 * narrowed by the picker's keyword, with the selected value's label always among them.
 */
import type { AnyResource } from "../../contract/resources/kit";
import { resourceOf } from "../../contract/resources/index";
import { PICK_FIELD, pickKeywordName, type PickerData } from "~/lib/picker";
import { resourcesApi } from "./resources.server";
import type { CurrentUser } from "./user.server";

const idOf = (value: unknown): number | null => (typeof value === "string" || typeof value === "number") && /^[1-9]\d{0,14}$/.test(String(value)) ? Number(value) : null;

/** One picker's data: the page for `keyword`, the `selected` id's item first when the page lacks it. A refusal gives an empty picker. */
export async function pickerOf(user: CurrentUser, target: AnyResource, { keyword = "", where, selected }: { keyword?: string; where?: Record<string, string>; selected?: unknown }): Promise<PickerData> {
  const id = idOf(selected);
  const text = keyword.trim().slice(0, 32);
  const page = await resourcesApi.optionsPage(user, target, { keyword: text || undefined, where, selected: id ? [id] : [] }).catch(() => null);
  if (!page) return { resource: target.key, where, items: [], total: 0, keyword: text };
  const chosen = page.selected.filter((s) => !page.records.some((r) => r.id === s.id));
  return { resource: target.key, ...(where ? { where } : {}), items: [...chosen, ...page.records], total: page.total + chosen.length, keyword: text };
}

/** The pickers of a definition's reference fields `keys`: each field's keyword and selected value read from `input` (a URL's query or a posted form). */
export async function pickersOf(user: CurrentUser, def: AnyResource, keys: readonly string[], input: { get(name: string): unknown } | null, selected: (key: string) => unknown): Promise<Record<string, PickerData>> {
  const out: Record<string, PickerData> = {};
  await Promise.all(
    keys.map(async (key) => {
      const field = def.fields[key];
      const target = field?.ref ? resourceOf(field.ref.resource) : undefined;
      if (!target) return;
      const keyword = input?.get(pickKeywordName(key));
      out[key] = await pickerOf(user, target, { keyword: typeof keyword === "string" ? keyword : "", where: field!.ref!.where as Record<string, string> | undefined, selected: selected(key) });
    }),
  );
  return out;
}

/** Whether a posted form is a picker's 「搜索」 (re-render with narrowed options) rather than a save. */
export function isPickSearch(formData: FormData): boolean {
  return typeof formData.get(PICK_FIELD) === "string";
}
