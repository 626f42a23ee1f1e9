import { describe, expect, it } from "vitest";
import { REPORT_STATUSES, resubmitOf, type ReportStatus } from "../../contract/submission";

describe("上报 of a record by its state (resubmitOf, the rule the platform's 重新上报 enforces)", () => {
  it("sends a PENDING record now, offers nothing while it is being sent", () => {
    expect(resubmitOf("PENDING")).toEqual({ label: "立即上报", reasonRequired: false });
    expect(resubmitOf("SENDING")).toBeNull();
  });

  it("checks a held record (待修正) again", () => {
    expect(resubmitOf("CHECK_FAILED")).toEqual({ label: "重新校验", reasonRequired: false });
  });

  it("reopens every other state, a SUCCESS only with a reason", () => {
    const others = (Object.keys(REPORT_STATUSES) as ReportStatus[]).filter((s) => s !== "PENDING" && s !== "SENDING" && s !== "CHECK_FAILED");
    expect(others.length).toBeGreaterThan(2);
    for (const status of others) expect(resubmitOf(status)).toEqual({ label: "重新上报", reasonRequired: status === "SUCCESS" });
  });
});
