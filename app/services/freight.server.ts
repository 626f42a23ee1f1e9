/**
 * Client of the platform's freight calls (spec 7.2): waybill search, one waybill, its track,
 * contracts and driver comments, the status steps the lists offer, and the xlsx export.
 * Route files call these; they never build a platform request by hand.
 */
import type { Paged } from "../../contract/envelope";
import {
  freightFilterSchema,
  type DispatchInfo,
  type FreightComment,
  type FreightContract,
  type FreightDetail,
  type FreightFilter,
  type FreightRecord,
  type FreightSearchResult,
  type FreightTrack,
} from "../../contract/freight";
import { isManager } from "../../contract/freight-steps";
import { seesWater } from "../../contract/permissions";
import { freightExportDisposition } from "../../contract/freight";
import { FREIGHT_FILTER_FIELDS, type FreightFilterField } from "~/lib/freight-filter";
import { parseListQuery, type ListQuery } from "./list-query";
import { PlatformError, platformFetch, type Tokens } from "./platform.server";
import type { PlatformTarget } from "./platform.server";
import type { CurrentUser } from "./user.server";
import { versionFunctions } from "./user.server";

/** A waybill list's state, all of it in the URL query (so filters and paging work without JavaScript). */
export type FreightListQuery = ListQuery<FreightFilter, FreightFilterField>;

/** Whether the user may see water transport (spec 5): the water permission and the CAPTAIN version function. */
export function canSeeWater(user: Pick<CurrentUser, "roles">): boolean {
  return seesWater(user.roles, versionFunctions());
}

/**
 * Reads a waybill list's filter and page from the URL (parseListQuery): `status` may repeat;
 * `abnormal` (true/false) is read too, though no form shows it: the abnormal list presets it and the
 * export link carries it. `preset` overrides query values (e.g. the in-transit list's status).
 */
export function freightListQuery(url: URL, preset: Partial<FreightFilter> = {}): FreightListQuery {
  return parseListQuery(freightFilterSchema, url, preset, { fields: FREIGHT_FILTER_FIELDS, repeated: ["status"], booleans: ["abnormal"] });
}

/** The request body of a search: the filter without empty fields, plus paging. */
export function freightSearchBody(filter: FreightFilter, paging?: { current: number; size: number }): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== null) body[key] = value;
  return paging ? { ...body, current: paging.current, size: paging.size } : body;
}

/** The URL query of a filter (the inverse of freightListQuery), e.g. for the export link. */
export function freightFilterQuery(filter: FreightFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return params;
}

export const FREIGHT_EXPORT_PATH = "/dispatchManage/waybillList/export.xlsx";

/** The export route's address for a filter. */
export function freightExportHref(filter: FreightFilter): string {
  const query = freightFilterQuery(filter).toString();
  return query ? `${FREIGHT_EXPORT_PATH}?${query}` : FREIGHT_EXPORT_PATH;
}

/**
 * Relays an upstream body chunk by chunk, reading only as fast as the client takes it, and stops
 * reading (which closes the upstream connection) when `signal` aborts or the client cancels.
 *
 * The request's signal is not handed to fetch itself: Remix's fetch polyfill, on abort, cancels
 * the already-sent request body stream, which rejects unhandled and takes the process down.
 */
export function relayStream(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const stop = () => void reader.cancel(new Error("client went away")).catch(() => undefined);
  if (signal.aborted) stop();
  else signal.addEventListener("abort", stop, { once: true });
  const release = () => signal.removeEventListener("abort", stop);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason).catch(() => undefined);
    },
  });
}

/** The platform's workbook answered as it came, streamed (relayStream), never cached. */
export function relayDownload(upstream: Response & { body: ReadableStream<Uint8Array> }, signal: AbortSignal): Response {
  return new Response(relayStream(upstream.body, signal), {
    status: 200,
    headers: {
      "Content-Type": upstream.headers.get("Content-Type") ?? "application/octet-stream",
      "Content-Disposition": upstream.headers.get("Content-Disposition") ?? "attachment",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Whether the user's kind of account may take the dispatcher's steps (sign, confirm, complete,
 * cancel); individual drivers and captains only load and unload. The platform decides in the end.
 */
export function mayManageFreights(user: Pick<CurrentUser, "info">): boolean {
  return isManager(user.info.type);
}

/** Content-Disposition of the waybill export: 运单列表_YYYYMMDD.xlsx, with the console's ASCII fallback name. */
export function exportDisposition(now: Date = new Date()): string {
  return freightExportDisposition(now, "waybills-");
}

/** Client of the platform's freight service calls. */
export const freightApi = {
  /** POST tms-freight/search: the caller's waybills, newest first, with sums over the whole filter. */
  search(user: CurrentUser, filter: FreightFilter, paging: { current: number; size: number }): Promise<FreightSearchResult> {
    return user.call<FreightSearchResult>({ path: "/tms-freight/search", body: freightSearchBody(filter, paging) });
  },

  /** POST tms-freight/historyFreightSearch: completed waybills only. */
  historySearch(user: CurrentUser, filter: FreightFilter, paging: { current: number; size: number }): Promise<FreightSearchResult> {
    return user.call<FreightSearchResult>({ path: "/tms-freight/historyFreightSearch", body: freightSearchBody(filter, paging) });
  },

  /**
   * GET tms-freight/{freightNo}/detail: everything about one waybill, or null when it does not exist
   * or the caller may not see it (the platform answers 404 for both).
   */
  async detail(user: CurrentUser, freightNo: string): Promise<FreightDetail | null> {
    if (!/^[A-Za-z0-9]{1,32}$/.test(freightNo)) return null;
    try {
      return await user.call<FreightDetail>({ path: `/tms-freight/${encodeURIComponent(freightNo)}/detail`, method: "GET" });
    } catch (error) {
      if (error instanceof PlatformError && error.kind === "not-found") return null;
      throw error;
    }
  },

  /** GET tms-freight/{freightNo}/track: the GPS points (thinned by the platform above its limit), or null when not found. */
  async track(user: CurrentUser, freightNo: string): Promise<FreightTrack | null> {
    if (!/^[A-Za-z0-9]{1,32}$/.test(freightNo)) return null;
    try {
      return await user.call<FreightTrack>({ path: `/tms-freight/${encodeURIComponent(freightNo)}/track`, method: "GET" });
    } catch (error) {
      if (error instanceof PlatformError && error.kind === "not-found") return null;
      throw error;
    }
  },

  /** GET tms-freight-riskappeal-review/dispatch-info/{id}: who dispatched the waybill to whom. */
  dispatchInfo(user: CurrentUser, freightId: number): Promise<DispatchInfo> {
    return user.call<DispatchInfo>({ path: `/tms-freight-riskappeal-review/dispatch-info/${freightId}`, method: "GET" });
  },

  /** POST tms-freight/batchComplete: completes the given CONFIRMED waybills. */
  batchComplete(user: CurrentUser, ids: number[]): Promise<FreightRecord[]> {
    return user.call<FreightRecord[]>({ path: "/tms-freight/batchComplete", body: { ids } });
  },

  /** POST tms-freight/complete: completes one CONFIRMED waybill. */
  complete(user: CurrentUser, id: number, remark?: string): Promise<FreightRecord> {
    return user.call<FreightRecord>({ path: "/tms-freight/complete", body: { id, ...(remark ? { remark } : {}) } });
  },

  /** POST tms-freight/{id}/cancel with the required reason. */
  cancel(user: CurrentUser, id: number, reason: string): Promise<FreightRecord> {
    return user.call<FreightRecord>({ path: `/tms-freight/${id}/cancel`, body: { reason } });
  },

  /** POST tms-freight/findContract: the waybill's transport contract. */
  findContract(user: CurrentUser, ref: { id: number } | { freightNo: string }): Promise<FreightContract> {
    return user.call<FreightContract>({ path: "/tms-freight/findContract", body: ref });
  },

  /** POST tms-order-contract/findPersonContract: a driver's or captain's contract. */
  findPersonContract(user: CurrentUser, ref: { driverId: number } | { captainId: number }): Promise<FreightContract> {
    return user.call<FreightContract>({ path: "/tms-order-contract/findPersonContract", body: ref });
  },

  /** POST tms-order-contract/findOrderContract: an order's contract. */
  findOrderContract(user: CurrentUser, orderId: number): Promise<FreightContract> {
    return user.call<FreightContract>({ path: "/tms-order-contract/findOrderContract", body: { orderId } });
  },

  /** POST tms-freight-driver-comment/select: driver comments, optionally of one waybill or by reply state. */
  selectComments(user: CurrentUser, filter: { freightNo?: string; replied?: boolean }, paging: { current: number; size: number }): Promise<Paged<FreightComment>> {
    return user.call<Paged<FreightComment>>({ path: "/tms-freight-driver-comment/select", body: { ...filter, ...paging } });
  },

  /** POST tms-freight-driver-comment: a driver's comment on a waybill. */
  createComment(user: CurrentUser, comment: { freightId: number; score: number; content: string }): Promise<FreightComment> {
    return user.call<FreightComment>({ path: "/tms-freight-driver-comment", body: comment });
  },

  /** POST tms-freight-driver-comment/platformReply: the platform's reply to a comment. */
  replyToComment(user: CurrentUser, id: number, replyContent: string): Promise<FreightComment> {
    return user.call<FreightComment>({ path: "/tms-freight-driver-comment/platformReply", body: { id, replyContent } });
  },

  /**
   * POST tms-freight/export as the user: the platform's raw xlsx Response, to stream through
   * (see relayStream for stopping it). Errors before the first byte throw PlatformError.
   */
  exportAsUser(user: CurrentUser, filter: FreightFilter): Promise<Response> {
    return user.call<Response>({ path: "/tms-freight/export", body: freightSearchBody(filter), raw: true });
  },

  /** POST tms-freight/export with a bearer token the caller brought (API clients, curl); no refresh. */
  exportWithToken(target: PlatformTarget, accessToken: string, filter: FreightFilter): Promise<Response> {
    const tokens: Tokens = { accessToken, refreshToken: "", expiresAt: Number.MAX_SAFE_INTEGER };
    return platformFetch<Response>(target, { tokens }, { path: "/tms-freight/export", body: freightSearchBody(filter), raw: true });
  },
};

