/**
 * Page bindings of 红包管理 (contract/resources/red-envelope.ts): one page, two tabs — 活动 (the page's
 * list) and 发放记录 (`?tab=grants`). 导出 on each tab is the page's own workbook route (the marketing
 * service's xlsx). 手动发放 and 发放记录 are link actions the platform offers per campaign.
 */
import { redEnvelopeCampaign, redEnvelopeGrant } from "../../contract/resources/red-envelope";
import { pagesOf } from "./kit";

export const RED_ENVELOPE_PATH = "/financialManage/redEnvelopeManagement";
export const RED_ENVELOPE_EXPORT = `${RED_ENVELOPE_PATH}/export.xlsx`;

export const redEnvelopeCampaignPages = pagesOf(redEnvelopeCampaign, {
  list: {
    path: RED_ENVELOPE_PATH,
    title: "红包活动",
    // Its own page component (balance, tabs, the marketing forms): the browser tests cover it.
    bespoke: true,
    rowActions: ["grants", "grant", "activate", "pause", "end"],
    columns: ["campaignNo", "name", "type", "audience", "amountMode", "amountMin", "amountMax", "budget", "grantedAmount", "receivedAmount", "validFrom", "validTo", "status"],
    exportPath: `${RED_ENVELOPE_EXPORT}?tab=campaigns`,
  },
  actionPages: { grants: `${RED_ENVELOPE_PATH}?tab=grants&campaignId=:id`, grant: `${RED_ENVELOPE_PATH}?confirm=grant::id` },
  actionLabels: { grants: "发放记录", grant: "手动发放" },
});

/** 发放记录: not in PAGES (the tab shares the page's path); its 导出 is the page's workbook route. */
export const redEnvelopeGrantList = pagesOf(redEnvelopeGrant, {
  list: { path: RED_ENVELOPE_PATH, title: "红包发放记录", bespoke: true, rowActions: ["revoke"], exportPath: `${RED_ENVELOPE_EXPORT}?tab=grants`, carry: { tab: "grants" } },
}).list!;

export const MARKETING_PAGE_GROUPS = [redEnvelopeCampaignPages];
