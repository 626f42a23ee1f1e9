/**
 * Loaders and actions of the freight pages: the waybill lists (运单列表, 在途运单, 异常运单, which
 * differ only in the filter they preset), the road and water waybill details and the track
 * playbacks. Everything is in the URL query or a POSTed form, so the pages work without
 * JavaScript; a list's row dialogs (取消, 完成) open from `?cancel=<id>` / `?complete=<id>`.
 */
import { reportsApi } from "./reports.server";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { batchCompleteSchema, cancelSchema, commentReplySchema, idSchema, type FreightFilter, type FreightSearchResult, type FreightWay } from "../../../contract/freight";
import { freightDetailHref, trackPlaybackHref } from "~/lib/freight-links";
import { freightRow } from "~/lib/freight-row";
import type { FreightFilterField } from "~/lib/freight-filter";
import { canSeeWater, freightApi, freightExportHref, freightListQuery } from "~/services/freight.server";
import { noticeAndHeaders, pageJson, platformMessage, redirectWithNotice } from "~/services/page-data.server";
import { requirePage, type CurrentUser } from "~/services/user.server";
import { readForm } from "~/services/read-form.server";
import { mapView } from "~/lib/chinaMap.server";
import { isStaff } from "../../../contract/platforms";

/** Query parameters that open a row's confirmation dialog; dropped when going back to the list. */
const DIALOG_PARAMS = ["cancel", "complete"] as const;
export type RowDialogKind = (typeof DIALOG_PARAMS)[number];

export interface FreightListOptions {
  /** Filter values the page fixes (e.g. status IN_TRANSIT); they override the query. */
  preset?: Partial<FreightFilter>;
  /** Form fields the page hides because the preset fixes them. */
  omit?: FreightFilterField[];
}

const ID_PATTERN = /^[1-9]\d{0,14}$/;

/** The list's own address: the request's path and query without dialog parameters and Remix's own ones. */
export function listHrefOf(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of [...DIALOG_PARAMS, "_data", "index"]) params.delete(name);
  const search = params.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

function rowDialogOf(url: URL): { kind: RowDialogKind; id: number } | null {
  for (const kind of DIALOG_PARAMS) {
    const id = url.searchParams.get(kind);
    if (id && ID_PATTERN.test(id)) return { kind, id: Number(id) };
  }
  return null;
}

const EMPTY_RESULT = (current: number, size: number): FreightSearchResult => ({
  records: [],
  total: 0,
  current,
  size,
  sums: { totalWeight: 0, loadedWeight: 0, pickupWeight: 0, unloadedWeight: 0, totalFreight: 0 },
});

export async function loadFreightList(request: Request, options: FreightListOptions = {}) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const query = freightListQuery(url, options.preset);
  let result: FreightSearchResult;
  let searchError: string | null = null;
  try {
    result = await freightApi.search(user, query.filter, query);
  } catch (error) {
    searchError = platformMessage(error);
    result = EMPTY_RESULT(query.current, query.size);
  }
  const lastPage = Math.max(1, Math.ceil(result.total / query.size));
  // Completing or cancelling the last rows of the last page leaves a page past the end: show the last one.
  if (!searchError && result.records.length === 0 && query.current > lastPage) {
    const params = new URLSearchParams(url.search);
    params.set("current", String(lastPage));
    throw redirect(`${url.pathname}?${params}`);
  }
  const { notice, headers } = await noticeAndHeaders(request, user);
  const dialog = rowDialogOf(url);
  return json(
    {
      result: { ...result, records: result.records.map(freightRow) },
      values: query.values,
      errors: query.errors,
      omit: options.omit ?? [],
      showFreightWay: canSeeWater(user),
      userType: user.info.type,
      exportHref: freightExportHref(query.filter),
      listHref: listHrefOf(url),
      dialog: dialog && result.records.some((r) => r.id === dialog.id) ? dialog : null,
      notice,
      searchError,
    },
    { headers },
  );
}

export type FreightListActionData =
  | { intent: "cancel" | "complete"; id: number; error?: string; fieldErrors?: { reason?: string } }
  | { intent: "batch-confirm"; ids: number[] }
  | { intent: "batch-complete"; ids: number[]; error: string }
  | { intent: "unknown"; error: string };

const rowIdSchema = z.object({ id: idSchema("运单 id") });

/** The list's POSTs: cancel (with a reason) and complete one waybill, confirm and run a batch completion. */
export async function freightListAction(request: Request) {
  const user = await requirePage(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };

  if (intent === "cancel" || intent === "complete") {
    const row = rowIdSchema.safeParse({ id: field("id") });
    if (!row.success) return json<FreightListActionData>({ intent: "unknown", error: row.error.issues[0]!.message }, { status: 400 });
    const { id } = row.data;
    if (intent === "cancel") {
      const body = cancelSchema.safeParse({ reason: field("reason") ?? "" });
      if (!body.success) return json<FreightListActionData>({ intent, id, fieldErrors: { reason: body.error.issues[0]!.message } }, { status: 400 });
      try {
        const record = await freightApi.cancel(user, id, body.data.reason);
        return redirectWithNotice(user, listHrefOf(new URL(request.url)), `运单 ${record.freightNo} 已取消`);
      } catch (error) {
        return json<FreightListActionData>({ intent, id, error: platformMessage(error) }, { status: 400 });
      }
    }
    try {
      const record = await freightApi.complete(user, id);
      return redirectWithNotice(user, listHrefOf(new URL(request.url)), `运单 ${record.freightNo} 已完成`);
    } catch (error) {
      return json<FreightListActionData>({ intent, id, error: platformMessage(error) }, { status: 400 });
    }
  }

  if (intent === "batch-confirm" || intent === "batch-complete") {
    const parsed = batchCompleteSchema.safeParse({ ids: form.getAll("ids").map(String) });
    if (!parsed.success) return json<FreightListActionData>({ intent: "batch-complete", ids: [], error: parsed.error.issues[0]!.message }, { status: 400 });
    const { ids } = parsed.data;
    if (intent === "batch-confirm") return json<FreightListActionData>({ intent, ids });
    try {
      const done = await freightApi.batchComplete(user, ids);
      return redirectWithNotice(user, listHrefOf(new URL(request.url)), `已完成 ${done.length} 条运单`);
    } catch (error) {
      return json<FreightListActionData>({ intent, ids, error: platformMessage(error) }, { status: 400 });
    }
  }

  return json<FreightListActionData>({ intent: "unknown", error: "不支持的操作" }, { status: 400 });
}

// ---------------------------------------------------------------------------------------------
// Waybill detail (road and water) and track playback

/** The waybill of a detail or track page by its `freightNo` query; 404 when absent or not the caller's. */
async function freightOfPage(request: Request, user: CurrentUser) {
  const freightNo = new URL(request.url).searchParams.get("freightNo")?.trim() ?? "";
  const detail = freightNo ? await freightApi.detail(user, freightNo) : null;
  if (!detail) throw new Response("运单不存在", { status: 404 });
  return detail;
}

/** Sends a road waybill opened on the water page (or the reverse) to its own page. */
function ensureWay(way: FreightWay, actual: FreightWay, href: string): void {
  if (way !== actual) throw redirect(href);
}

/** Only the platform and tenants answer driver comments (the platform refuses others too). */
const mayReplyToComments = (user: CurrentUser) => isStaff(user.info);

export async function loadFreightDetail(request: Request, way: FreightWay) {
  const user = await requirePage(request);
  const detail = await freightOfPage(request, user);
  ensureWay(way, detail.freightWay, freightDetailHref(detail.freightWay, detail.freightNo));
  void reportsApi.click(user, "WAYBILL", "查看详情", detail.freightNo);
  const { notice, headers } = await noticeAndHeaders(request, user);
  return json({ detail, canReply: mayReplyToComments(user), notice }, { headers });
}

export type FreightDetailActionData = { commentId: number | null; error: string; replyContent?: string };

/** The detail page's one POST: the platform's reply to a driver comment. */
export async function freightDetailAction(request: Request) {
  const user = await requirePage(request);
  const form = await readForm(request);
  if (form.get("intent") !== "reply") return json<FreightDetailActionData>({ commentId: null, error: "不支持的操作" }, { status: 400 });
  const rawId = form.get("id");
  const commentId = typeof rawId === "string" && ID_PATTERN.test(rawId) ? Number(rawId) : null;
  const replyContent = String(form.get("replyContent") ?? "");
  const parsed = commentReplySchema.safeParse({ id: rawId, replyContent });
  if (!parsed.success) return json<FreightDetailActionData>({ commentId, error: parsed.error.issues[0]!.message, replyContent }, { status: 400 });
  try {
    await freightApi.replyToComment(user, parsed.data.id, parsed.data.replyContent);
    void reportsApi.click(user, "WAYBILL", "回复评价");
  } catch (error) {
    return json<FreightDetailActionData>({ commentId, error: platformMessage(error), replyContent }, { status: 400 });
  }
  const url = new URL(request.url);
  return redirectWithNotice(user, `${url.pathname}${url.search}`, "回复已发布");
}

export async function loadFreightTrack(request: Request, way: FreightWay) {
  const user = await requirePage(request);
  const detail = await freightOfPage(request, user);
  ensureWay(way, detail.freightWay, trackPlaybackHref(detail.freightWay, detail.freightNo));
  void reportsApi.click(user, "WAYBILL", "轨迹回放", detail.freightNo);
  const track = await freightApi.track(user, detail.freightNo);
  if (!track) throw new Response("运单不存在", { status: 404 });
  return pageJson(user, {
    freight: {
      freightNo: detail.freightNo,
      freightWay: detail.freightWay,
      status: detail.status,
      carrierName: (way === "WATER" ? detail.captainName : detail.driverName) ?? "",
      conveyanceName: (way === "WATER" ? detail.shipName : detail.plateNo) ?? "",
      loadingPlace: detail.loadingPlace,
      unloadingPlace: detail.unloadingPlace,
    },
    track,
    // The whole track over the provinces it crosses; playback moves a marker in this frame.
    map: track.points.length ? mapView(track.points, { width: 800, height: 500, marginDeg: 0.5, minSpanDeg: 1, waterways: way === "WATER" }) : null,
  });
}
