/**
 * Loader and action of 找车 (/carAdministration/findCar/index): the filter from the URL (GET form), the
 * platform's live 车源 cards, `?invite=<id>` opening the invitation form; POST 联系 (shows the number
 * in the notice) and 邀请 (an SMS through the platform's gateway).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Paged } from "../../../contract/envelope";
import { FIND_CAR_CONTACT_KINDS, FIND_CAR_INVITE_KINDS, findCarFilterSchema, type ContactResult, type FindCarCard } from "../../../contract/find-car";
import { parseListQuery } from "~/services/list-query";
import { noticeAndHeaders, platformMessage, redirectWithNotice } from "~/services/page-data.server";
import { requirePage } from "~/services/user.server";
import { readForm } from "~/services/read-form.server";
import { regionChoicesOf } from "~/services/regions.server";
import { foldRegionParts } from "../../../contract/region-code";

export async function findCarLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  // 当前地区 comes as 省 / 市 / 区 selects (or a typed code prefix from an old link).
  const folded = new URL(url);
  folded.search = foldRegionParts(url.searchParams, ["regionCode"]).toString();
  const query = parseListQuery(findCarFilterSchema, folded);
  const regions = regionChoicesOf(["regionCode"], null, () => query.values.regionCode);
  const { notice, headers } = await noticeAndHeaders(request, user);
  let page: Paged<FindCarCard> | null = null;
  let error: string | null = null;
  try {
    page = await user.call<Paged<FindCarCard>>({ path: "/tms-vehicle-availability/find", body: { ...query.filter, current: query.current, size: query.size } });
  } catch (e) {
    error = platformMessage(e);
  }
  const kind = user.info.type;
  return json(
    {
      values: query.values,
      errors: query.errors,
      regions,
      page,
      error,
      notice,
      inviteId: Number(url.searchParams.get("invite")) || null,
      mayContact: FIND_CAR_CONTACT_KINDS.includes(kind),
      mayInvite: FIND_CAR_INVITE_KINDS.includes(kind),
      mayPublish: kind === "ORG_USER" || kind === "INDIVIDUAL_USER",
    },
    { headers },
  );
}

export async function findCarAction({ request }: ActionFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  url.searchParams.delete("invite");
  const back = `${url.pathname}${url.search}`;
  const form = await readForm(request);
  const id = Number(form.get("id"));
  const intent = String(form.get("intent") ?? "");
  if (!Number.isSafeInteger(id) || id <= 0) return json({ error: "车源不存在" }, { status: 400 });
  try {
    if (intent === "contact") {
      const contact = await user.call<ContactResult>({ path: `/tms-vehicle-availability/${id}/contact`, body: {} });
      return redirectWithNotice(user, back, `车源 ${contact.plateNo} 的联系电话：${contact.contactMobile}`);
    }
    if (intent === "invite") {
      const sent = await user.call<{ sentTo: string }>({ path: `/tms-vehicle-availability/${id}/invite`, body: { route: String(form.get("route") ?? "") } });
      return redirectWithNotice(user, back, `邀请短信已发送至 ${sent.sentTo}`);
    }
  } catch (e) {
    return json({ error: platformMessage(e) }, { status: 400 });
  }
  return json({ error: "不支持的操作" }, { status: 400 });
}
