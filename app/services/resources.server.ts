/**
 * The one platform client of every resource (docs/architecture.md, the resource engine): search, one record with its history,
 * create, update, delete, transitions, options for reference pickers and the export stream, each at
 * the resource's spec path. Page loaders call these; nothing else builds a resource request.
 */
import type { Paged } from "../../contract/envelope";
import type { ResourceFilter } from "../../contract/resources/derive";
import type { AnyResource, ResourceEvent } from "../../contract/resources/kit";
import { PlatformError } from "./platform.server";
import type { CurrentUser } from "./user.server";

export type ResourceRecord = Record<string, unknown> & { id: number; actions: string[]; version: number; orgName: string | null; createdTime: string; blocked?: Record<string, string> };


export interface ResourcePageData extends Paged<ResourceRecord> {
  can: { create: boolean; export: boolean };
  /** Present when the list is not counted: whether a next page exists (`total` is then a lower bound). */
  more?: boolean;
  /** Footer sums (spec 2.4) of definitions that name them, in fen or kg. */
  sums?: import("~/lib/footer-sums").FooterSums;
}

export type ResourceDetail = ResourceRecord & { events: ResourceEvent[] };
export interface OptionItem {
  id: number;
  label: string;
  /** Why the row cannot be chosen (the referenced resource's `choosable` rule); forms grey it. */
  disabledReason?: string | null;
}

const base = (def: AnyResource) => `/${def.api.base}`;

function compact(filter: ResourceFilter): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== ""));
}

/** How many options a picker shows at once; beyond them it says how many more and asks for a keyword. */
export const PICKER_PAGE_SIZE = 20;

export interface OptionsPage {
  records: OptionItem[];
  total: number;
  current: number;
  size: number;
  selected: OptionItem[];
}

export const resourcesApi = {
  search(user: CurrentUser, def: AnyResource, filter: ResourceFilter, paging: { current: number; size: number }): Promise<ResourcePageData> {
    return user.call<ResourcePageData>({ path: `${base(def)}/search`, body: { ...compact(filter), ...paging } });
  },

  /** One record with its history; null when it does not exist or is not the caller's. */
  async get(user: CurrentUser, def: AnyResource, id: number): Promise<ResourceDetail | null> {
    try {
      // `/:id/detail` is always the engine's (a spec's own GET /:id may answer another shape, e.g. an appeal with its waybill).
      return await user.call<ResourceDetail>({ path: `${base(def)}/${id}/detail`, method: "GET" });
    } catch (error) {
      if (error instanceof PlatformError && error.kind === "not-found") return null;
      throw error;
    }
  },

  create(user: CurrentUser, def: AnyResource, body: Record<string, unknown>): Promise<ResourceRecord> {
    return user.call<ResourceRecord>({ path: base(def), body });
  },

  update(user: CurrentUser, def: AnyResource, id: number, body: Record<string, unknown>): Promise<ResourceRecord> {
    return user.call<ResourceRecord>({ path: `${base(def)}/${id}`, method: "PUT", body });
  },

  remove(user: CurrentUser, def: AnyResource, id: number): Promise<{ id: number; title: string }> {
    return user.call<{ id: number; title: string }>({ path: `${base(def)}/${id}`, method: "DELETE" });
  },

  transition(user: CurrentUser, def: AnyResource, id: number, key: string, body: Record<string, unknown>): Promise<ResourceRecord> {
    return user.call<ResourceRecord>({ path: `${base(def)}/${id}/${key}`, body });
  },

  /** 查看完整: one field's full ID number, for a holder of TMS_SENSITIVE_VIEW; the platform logs it. */
  reveal(user: CurrentUser, def: AnyResource, id: number, field: string): Promise<{ field: string; value: string | null }> {
    return user.call<{ field: string; value: string | null }>({ path: `${base(def)}/${id}/reveal`, body: { field } });
  },

  options(user: CurrentUser, def: AnyResource, keyword?: string, where?: Readonly<Record<string, string>>): Promise<OptionItem[]> {
    return user.call<OptionItem[]>({ path: `${base(def)}/options`, body: { ...(keyword ? { keyword } : {}), ...(where ? { where } : {}) } });
  },

  /** The picker's page of options: a keyword over names, mobiles, plates, numbers; the total; the saved ids' labels. */
  optionsPage(user: CurrentUser, def: AnyResource, query: { keyword?: string; where?: Readonly<Record<string, string>>; current?: number; size?: number; selected?: readonly number[] }): Promise<OptionsPage> {
    const { keyword, where, current = 1, size = PICKER_PAGE_SIZE, selected } = query;
    return user.call<OptionsPage>({ path: `${base(def)}/options/page`, body: { current, size, ...(keyword ? { keyword } : {}), ...(where ? { where } : {}), ...(selected?.length ? { selected } : {}) } });
  },

  /** The platform's xlsx stream for the filter (the console passes it through). */
  exportStream(user: CurrentUser, def: AnyResource, filter: ResourceFilter, signal?: AbortSignal, revealIds = false): Promise<Response> {
    return user.call<Response>({ path: `${base(def)}/export`, body: { ...compact(filter), ...(revealIds ? { revealIds: true } : {}) }, raw: true, signal });
  },
};
