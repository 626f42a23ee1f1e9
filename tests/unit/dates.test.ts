/**
 * One date check (contract/units.ts `isChinaDate` behind contract/fields.ts `chinaDateText`): every
 * date the platform accepts — report parameters, waybill filters, engine filters and fields, ledger and
 * operation-log filters — refuses a day that does not exist, with the same Chinese message.
 */
import { describe, expect, it } from "vitest";
import { freightFilterSchema } from "../../contract/freight.js";
import { reportParamsSchema } from "../../contract/reports.js";
import { campaignSchema } from "../../contract/red-envelope.js";
import { reportSearchSchema } from "../../contract/submission.js";
import { chinaDateText } from "../../contract/fields.js";
import { chinaMonthBounds, isChinaDate } from "../../contract/units.js";
import { filterSchema } from "../../contract/resources/derive.js";
import { ledgerEntry } from "../../contract/resources/money.js";

/** The ledger's flow filter is the engine's filter of the 资金流水 resource. */
const entryFilterSchema = filterSchema(ledgerEntry);

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.success ? [] : result.error!.issues.map((i) => i.message));

describe("a date that does not exist", () => {
  it("is refused by the report parameters and the waybill filter alike", () => {
    const report = reportParamsSchema("loadingUnit").safeParse({ dateFrom: "2026-02-30", dateTo: "2026-03-01" });
    expect(messages(report)).toContain("开始日期不是有效日期");
    const freight = freightFilterSchema.safeParse({ createdFrom: "2026-02-30" });
    expect(messages(freight)).toContain("创建开始日期不是有效日期");
    // The real last day of February passes both.
    expect(reportParamsSchema("loadingUnit").safeParse({ dateFrom: "2026-02-28", dateTo: "2026-03-01" }).success).toBe(true);
    expect(freightFilterSchema.safeParse({ createdFrom: "2026-02-28" }).success).toBe(true);
  });

  it("is refused by the other date inputs too (ledger filter, red envelope campaign, submission search)", () => {
    expect(entryFilterSchema.safeParse({ createdFrom: "2026-04-31" }).success).toBe(false);
    expect(entryFilterSchema.safeParse({ createdFrom: "2026-04-30" }).success).toBe(true);
    expect(messages(campaignSchema.safeParse({ validFrom: "2026-02-29" }))).toContain("开始日期不是有效日期");
    expect(reportSearchSchema.safeParse({ completeFrom: "2025-13-01" }).success).toBe(false);
  });

  it("leap days follow the Gregorian calendar", () => {
    expect(isChinaDate("2028-02-29")).toBe(true);
    expect(isChinaDate("2100-02-29")).toBe(false);
    expect(isChinaDate("2000-02-29")).toBe(true);
    expect(chinaDateText("日期").safeParse("2026-2-3").error?.issues[0]?.message).toBe("日期格式应为 YYYY-MM-DD");
  });
});

describe("China month bounds", () => {
  it("start at 00:00 China time (16:00 UTC the day before) and end where the next month starts", () => {
    expect(chinaMonthBounds("2026-03")).toEqual({ from: "2026-02-28T16:00:00.000Z", to: "2026-03-31T16:00:00.000Z" });
    expect(chinaMonthBounds("2026-12")).toEqual({ from: "2026-11-30T16:00:00.000Z", to: "2026-12-31T16:00:00.000Z" });
  });
});
