/**
 * The reference picker's data and names, shared by the server that fills it and the
 * one picker component that shows it. Without JavaScript a picker is a select of the current page of
 * options plus a keyword field (`_q_<name>`) and a 「搜索」 button (`_pick=<name>`) that re-renders the
 * form with the options narrowed; with JavaScript it is a combobox that asks `/picker-options`.
 */
export interface PickerItem {
  id: number;
  label: string;
  /** Why the row cannot be chosen (the resource's `choosable` rule): shown greyed with it; null when it can. */
  disabledReason?: string | null;
  /** What choosing this item suggests for a companion field (a driver's usual vehicle, a captain's ship). */
  companion?: { id: number; label: string } | null;
}

/** An item greyed for this field: not choosable, unless the field takes any state or it is the value already held. */
export const greyedReason = (item: PickerItem, anyState: boolean | undefined, held: string | undefined): string | null =>
  anyState || !item.disabledReason || String(item.id) === held ? null : item.disabledReason;

export interface PickerData {
  /** The referenced resource's key (what `/picker-options` is asked about). */
  resource: string;
  /** The reference's fixed filter (驾驶员 only approved ones …). */
  where?: Record<string, string>;
  /** The current page of options, the saved/selected value's item first when it is not among them. */
  items: PickerItem[];
  /** How many options the keyword matches in all (the page shows at most `items.length`). */
  total: number;
  /** The keyword the options were narrowed by ("" for none). */
  keyword: string;
}

/** The form field that names the picker whose 「搜索」 was pressed. */
export const PICK_FIELD = "_pick";

/** The form field that carries a picker's keyword. */
export const pickKeywordName = (name: string) => `_q_${name}`;

/** The console address the combobox fetches a page of options from. */
export function pickerOptionsHref(resource: string, keyword: string, where?: Record<string, string>): string {
  const params = new URLSearchParams({ resource });
  if (keyword) params.set("keyword", keyword);
  for (const [key, value] of Object.entries(where ?? {})) params.set(`where.${key}`, value);
  return `/picker-options?${params}`;
}

/** "还有 N 项，请输入关键字" when the page does not show every match; null when it does. */
export function moreText(data: Pick<PickerData, "items" | "total">, shown = data.items.length): string | null {
  const more = data.total - shown;
  return more > 0 ? `还有 ${more} 项，请输入关键字` : null;
}
