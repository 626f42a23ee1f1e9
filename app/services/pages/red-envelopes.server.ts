/**
 * 红包管理: the loader reads the campaigns (with the marketing balance) or the grants, by tab; the
 * action runs one intent. Money-moving and creating intents carry the `requestNo` generated when the
 * page rendered, so a double submit grants or funds once. Amounts are typed in 元 and sent in fen.
 */
import { formatYuan } from "../../../contract/numbers";
import { CAMPAIGN_MOVES, mobilesOf, type CampaignMove } from "../../../contract/red-envelope";
import { platformMessage } from "~/services/page-data.server";
import { fenOf, FormError, listQuery, pageData, perform, text, type Paged } from "~/services/pages/money.server";
import { requirePage, type CurrentUser } from "~/services/user.server";
import { LARGEST_PAGE } from "~/lib/paging";

export type RedEnvelopeTab = "campaigns" | "grants";
export interface CampaignPage extends Paged {
  marketing: { balance: number; accountNo: string };
}

const call = <T>(user: CurrentUser, path: string, body: unknown = {}) => user.call<T>({ path: `/pay/red-envelopes${path}`, method: "POST", body });

export async function loadRedEnvelopes(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const tab: RedEnvelopeTab = url.searchParams.get("tab") === "grants" ? "grants" : "campaigns";
  try {
    const [campaigns, grants] = await Promise.all([
      call<CampaignPage>(user, "/campaigns/search", tab === "campaigns" ? listQuery(url, ["keyword", "status"]) : { size: LARGEST_PAGE.size }),
      tab === "grants" ? call<Paged>(user, "/grants/search", listQuery(url, ["keyword", "status", "campaignId"])) : Promise.resolve(null),
    ]);
    return pageData(request, user, { tab, campaigns, grants, confirm: url.searchParams.get("confirm") ?? "", refused: null as string | null });
  } catch (error) {
    if (error instanceof Response) throw error;
    // A caller without the right (or a bad filter) sees the platform's message on the page.
    return pageData(request, user, { tab, campaigns: null, grants: null, confirm: "", refused: platformMessage(error) });
  }
}

const whole = (form: FormData, key: string, label: string) => {
  const value = text(form, key);
  if (!/^\d{1,4}$/.test(value)) throw new FormError(`${label}须为整数`);
  return Number(value);
};

export function redEnvelopeAction(request: Request) {
  return perform(request, async (user, form) => {
    const intent = text(form, "intent");
    const id = text(form, "id");
    const requestNo = text(form, "requestNo");
    if (intent in CAMPAIGN_MOVES) {
      await call(user, `/campaigns/${id}/${intent}`);
      return `红包活动已${CAMPAIGN_MOVES[intent as CampaignMove].label}`;
    }
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
      case "revoke":
        await call(user, `/grants/${id}/revoke`);
        return "红包已撤回，预算已退回活动";
      default:
        throw new FormError("未知操作");
    }
  });
}

