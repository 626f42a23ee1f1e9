/**
 * 红包管理: the loader reads the tab's engine list (活动 or 发放记录) and the marketing balance; the
 * action runs a row's transition through the engine or one of the marketing service's forms. Money-moving and creating intents carry the `requestNo` generated when the
 * page rendered, so a double submit grants or funds once. Amounts are typed in 元 and sent in fen.
 */
import { randomUUID } from "node:crypto";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { formatYuan } from "../../../contract/numbers";
import { mobilesOf } from "../../../contract/red-envelope";
import { redEnvelopeCampaign } from "../../../contract/resources/red-envelope";
import { redEnvelopeCampaignPages, redEnvelopeGrantList } from "~/pages/marketing";
import { platformMessage } from "~/services/page-data.server";
import { fenOf, FormError, isTransition, perform, text } from "~/services/pages/money.server";
import { listLoader, recordAction } from "~/services/resource-pages.server";
import { resourcesApi, type ResourceRecord } from "~/services/resources.server";
import { requirePage, type CurrentUser } from "~/services/user.server";
import { confirmedId } from "~/lib/confirm";

export type RedEnvelopeTab = "campaigns" | "grants";

const call = <T>(user: CurrentUser, path: string, body: unknown = {}) => user.call<T>({ path: `/pay/red-envelopes${path}`, method: "POST", body });
const tabOf = (url: URL): RedEnvelopeTab => (url.searchParams.get("tab") === "grants" ? "grants" : "campaigns");
const listOf = (tab: RedEnvelopeTab) => (tab === "grants" ? redEnvelopeGrantList : redEnvelopeCampaignPages.list!);

/**
 * The tab's engine list (its filters, paging, footer sums, row actions and their confirmations), the
 * marketing account's balance, and the campaign 手动发放 is opened for (`?confirm=grant:<id>`).
 */
export async function loadRedEnvelopes(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const tab = tabOf(url);
  const list = await listLoader(listOf(tab), args, { wholeRecords: true });
  const user = await requirePage(args.request);
  const data = (await list.json()) as Awaited<ReturnType<typeof list.json>>;
  let marketing: { balance: number; accountNo: string } | null = null;
  let refused: string | null = null;
  try {
    marketing = await user.call<{ balance: number; accountNo: string }>({ path: "/pay/red-envelopes/marketing", method: "GET" });
  } catch (error) {
    if (error instanceof Response) throw error;
    // A caller without the right sees the platform's message on the page.
    refused = platformMessage(error);
  }
  const grantId = confirmedId(url, "grant");
  const granting = grantId && tab === "campaigns" ? ((data.data.records as ResourceRecord[]).find((r) => r.id === Number(grantId)) ?? (await resourcesApi.get(user, redEnvelopeCampaign, Number(grantId)))) : null;
  return json({ ...data, tab, marketing, refused, granting: granting?.actions.includes("grant") ? granting : null, requestNo: randomUUID() }, { headers: list.headers });
}

const whole = (form: FormData, key: string, label: string) => {
  const value = text(form, key);
  if (!/^\d{1,4}$/.test(value)) throw new FormError(`${label}须为整数`);
  return Number(value);
};

/** A row's transition (启用, 暂停, 结束, 撤回) is the engine's; 注入营销资金, 新建活动 and 手动发放 are the marketing service's forms. */
export async function redEnvelopeAction(args: ActionFunctionArgs) {
  if (await isTransition(args.request)) return recordAction(listOf(tabOf(new URL(args.request.url))), args);
  return perform(args.request, async (user, form) => {
    const intent = text(form, "intent");
    const id = text(form, "id");
    const requestNo = text(form, "requestNo");
    switch (intent) {
      case "fund": {
        const r = await call<{ marketingBalance: number }>(user, "/marketing", { requestNo, amount: fenOf(form, "amount", "注入金额") });
        return `营销资金已注入，当前余额 ${formatYuan(r.marketingBalance)} 元`;
      }
      case "create": {
        const min = fenOf(form, "amountMin", "红包金额（最小）");
        const max = text(form, "amountMode") === "FIXED" ? min : fenOf(form, "amountMax", "红包金额（最大）");
        const c = await call<{ campaign_no: string }>(user, "/campaigns", {
          requestNo,
          name: text(form, "name"),
          type: text(form, "type"),
          audience: text(form, "audience"),
          amountMode: text(form, "amountMode"),
          amountMin: min,
          amountMax: max,
          budget: fenOf(form, "budget", "预算"),
          perUserLimit: whole(form, "perUserLimit", "每人限领次数"),
          receiveDays: whole(form, "receiveDays", "领取有效天数"),
          validFrom: text(form, "validFrom"),
          validTo: text(form, "validTo"),
        });
        return `红包活动 ${c.campaign_no} 已创建（草稿），启用后可发放`;
      }
      case "grant": {
        const r = await call<{ count: number; amount: number }>(user, `/campaigns/${id}/grants`, { requestNo, mobiles: mobilesOf(text(form, "mobiles")), amount: fenOf(form, "amount", "红包金额"), remark: text(form, "remark") || undefined });
        return `已向 ${r.count} 人发放红包，合计 ${formatYuan(r.amount)} 元，已入账到各自钱包`;
      }
      default:
        throw new FormError("未知操作");
    }
  });
}

