/**
 * 我的车队 (/personalCenter/myFleet): the fleet leader's summary, members and their waybills with his
 * share, as the platform answers them (/tms-fleet-leader/mine). A caller who is not an approved fleet
 * leader sees the platform's reason instead of the lists.
 */
import { LARGEST_PAGE, pageParams } from "~/lib/paging";
import { pageJson, platformMessage } from "~/services/page-data.server";
import { PlatformError } from "~/services/platform.server";
import { requirePage, type CurrentUser } from "~/services/user.server";
import type { Paged } from "./money.server";
import { isIndividual } from "../../../contract/platforms";

export interface MyFleetSummary {
  fleetName: string;
  leaderName: string;
  memberCount: number;
  waybillCount: number;
  liveWaybillCount: number;
  completedWaybillCount: number;
  /** fen. */
  shareTotal: number;
}

const BASE = "/tms-fleet-leader/mine";

export const myFleetApi = {
  summary: (user: CurrentUser) => user.call<MyFleetSummary>({ path: `${BASE}/summary`, method: "GET" }),
  members: (user: CurrentUser, body: Record<string, unknown>) => user.call<Paged>({ path: `${BASE}/members/search`, body }),
  waybills: (user: CurrentUser, body: Record<string, unknown>) => user.call<Paged>({ path: `${BASE}/waybills/search`, body }),
};

/** The fleet figures a fleet leader's 首页 shows; null for everyone else (never breaks the home page). */
export async function myFleetFigures(user: CurrentUser): Promise<MyFleetSummary | null> {
  if (!isIndividual(user.info)) return null;
  try {
    return await myFleetApi.summary(user);
  } catch (error) {
    if (error instanceof PlatformError) return null;
    throw error;
  }
}

export async function loadMyFleet(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 32);
  try {
    const [summary, members, waybills] = await Promise.all([
      myFleetApi.summary(user),
      myFleetApi.members(user, { ...LARGEST_PAGE }),
      myFleetApi.waybills(user, { ...pageParams(url), ...(keyword ? { keyword } : {}) }),
    ]);
    return pageJson(user, { summary, members, waybills, keyword, refusal: null });
  } catch (error) {
    if (error instanceof PlatformError) return pageJson(user, { summary: null, members: null, waybills: null, keyword, refusal: platformMessage(error) });
    throw error;
  }
}
