/**
 * Picker sources that are not engine resources (docs/design/pickers-and-tables.md): the dispatch
 * panel's drivers, vehicles, captains and ships come from the dispatch selectors, which know who may be
 * dispatched (五证不齐, on a live waybill …); 用户管理's 所属企业 comes from the IAM organisation search.
 * Each answers the same page as an engine picker
 * (`PickerData`), so `RefPicker` and `/picker-options` serve them unchanged.
 */
import type { Paged } from "../../contract/envelope";
import type { CaptainRecord, DriverRecord, ShipRecord, VehicleRecord } from "../../contract/freight";
import { kgToTonnes } from "~/lib/format";
import type { PickerData, PickerItem } from "~/lib/picker";
import { dispatchApi, type Paging } from "./dispatch.server";
import type { CurrentUser } from "./user.server";

type Lister<T> = (user: CurrentUser, keyword?: string, paging?: Paging) => Promise<Paged<T>>;
export type PickerSource = (user: CurrentUser, query: { keyword?: string; selected?: unknown }) => Promise<PickerData>;

/** One page, as the engine pickers show. */
const PAGE = 20;
/** A saved choice not on the page is looked up page by page (a refused 派单 coming back), this far at most. */
const LOOKUP = { size: 200, pages: 10 };

const idOf = (value: unknown): number | null => ((typeof value === "string" || typeof value === "number") && /^[1-9]\d{0,14}$/.test(String(value)) ? Number(value) : null);

/** A source over a paged selector with a keyword, its rows shown by `item`. */
function pagedSource<T extends { id: number }>(key: string, list: Lister<T>, item: (row: T) => PickerItem): PickerSource {
  return async (user, { keyword = "", selected }) => {
    const text = keyword.trim().slice(0, 32);
    const page = await list(user, text || undefined, { current: 1, size: PAGE }).catch(() => null);
    if (!page) return { resource: key, items: [], total: 0, keyword: text };
    const items = page.records.map(item);
    const id = idOf(selected);
    if (id !== null && !items.some((i) => i.id === id)) {
      for (let current = 1; current <= LOOKUP.pages; current++) {
        const more = await list(user, undefined, { current, size: LOOKUP.size }).catch(() => null);
        const found = more?.records.find((r) => r.id === id);
        if (found) {
          items.unshift(item(found));
          break;
        }
        if (!more || current * LOOKUP.size >= more.total) break;
      }
    }
    return { resource: key, items, total: page.total + (items.length - page.records.length), keyword: text };
  };
}

/** The platform's reason a person or conveyance cannot take this waybill, as the option shows it. */
const reason = (r: { eligible: boolean; ineligibleReason: string | null }) => (r.eligible === false ? `不可派单：${r.ineligibleReason ?? "不满足派单条件"}` : null);

export const PICKER_SOURCES: Readonly<Record<string, PickerSource>> = {
  dispatchDriver: pagedSource<DriverRecord>("dispatchDriver", dispatchApi.drivers, (d) => ({
    id: d.id,
    label: `${d.name}（${d.mobile}）${d.plateNo ? ` · 常用车辆 ${d.plateNo}` : ""}`,
    disabledReason: reason(d),
    companion: d.vehicleId && d.plateNo ? { id: d.vehicleId, label: d.plateNo } : null,
  })),
  dispatchVehicle: pagedSource<VehicleRecord>("dispatchVehicle", dispatchApi.vehicles, (v) => ({
    id: v.id,
    label: `${v.plateNo} ${v.vehicleType}（载重 ${kgToTonnes(v.loadCapacity)} 吨）`,
    disabledReason: reason(v),
  })),
  dispatchCaptain: pagedSource<CaptainRecord>("dispatchCaptain", dispatchApi.captains, (c) => ({
    id: c.id,
    label: `${c.name}（${c.mobile}）${c.shipName ? ` · ${c.shipName}` : ""}`,
    disabledReason: reason(c),
    companion: c.shipId && c.shipName ? { id: c.shipId, label: c.shipName } : null,
  })),
  iamOrg: pagedSource<{ id: number; name: string }>("iamOrg", (user, keyword, paging) => user.call({ path: "/iam-user/org-options/page", body: { keyword, ...paging } }), (o) => ({ id: o.id, label: o.name })),
  dispatchShip: pagedSource<ShipRecord>("dispatchShip", dispatchApi.ships, (s) => ({
    id: s.id,
    label: `${s.shipName}（载重 ${kgToTonnes(s.loadCapacity)} 吨）`,
    disabledReason: reason(s),
  })),
};

/** The source named `key`, if it is one (own keys only: never a name of Object's prototype). */
export const pickerSourceOf = (key: string): PickerSource | undefined => (Object.prototype.hasOwnProperty.call(PICKER_SOURCES, key) ? PICKER_SOURCES[key] : undefined);
