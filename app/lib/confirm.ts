/**
 * The `?confirm=` address that opens a confirmation in the server's HTML, so it works without
 * JavaScript: `[<resource>.]<action>:<id>` asks about one record, `<action>:` about the ticked rows
 * (they ride in the address beside it). Read and written only here.
 */
export const CONFIRM_PARAM = "confirm";

const RECORD = /^(?:([A-Za-z]{1,32})\.)?([A-Za-z]{1,32}):([1-9]\d{0,14})$/;
const BULK = /^([A-Za-z]{1,32}):$/;

type Query = URL | URLSearchParams | string;
const paramsOf = (query: Query) => (query instanceof URL ? query.searchParams : typeof query === "string" ? new URLSearchParams(query) : query);

/** The raw value, "" when there is none (what a page hands its dialogs). */
export const confirmParam = (query: Query): string => paramsOf(query).get(CONFIRM_PARAM) ?? "";

export interface RecordConfirm {
  /** A related list's resource key when the page shows several; null for the page's own. */
  resource: string | null;
  action: string;
  id: number;
}

/** The record confirmation asked for, or null. */
export function recordConfirmOf(query: Query): RecordConfirm | null {
  const match = RECORD.exec(confirmParam(query));
  return match ? { resource: match[1] ?? null, action: match[2]!, id: Number(match[3]) } : null;
}

/** The record whose `action` is asked to be confirmed on the page's own resource, or null. */
export function confirmedId(query: Query, action: string): number | null {
  const asked = recordConfirmOf(query);
  return asked && asked.resource === null && asked.action === action ? asked.id : null;
}

/** A page's own intent (`<intent>:<argument>`, e.g. `unbind:12`, `fund:0`, `create:new`), or null. */
export function intentConfirmOf(value: string): { intent: string; argument: string } | null {
  const match = /^([A-Za-z]{1,32}):(.{0,64})$/.exec(value);
  return match ? { intent: match[1]!, argument: match[2]! } : null;
}

/** The bulk action asked for (`<action>:`), or null. */
export const bulkConfirmKey = (query: Query): string | null => BULK.exec(confirmParam(query))?.[1] ?? null;

/** The address that asks to confirm `value` on this page, or (null) closes the confirmation; the rest of the query kept. */
export function confirmHref(pathname: string, search: Query, value: string | null): string {
  const params = new URLSearchParams(paramsOf(search));
  if (value === null) params.delete(CONFIRM_PARAM);
  else params.set(CONFIRM_PARAM, value);
  return params.size ? `${pathname}?${params}` : pathname;
}
