/**
 * The console's error pages show the request's id (请求编号), the same one the response
 * carries in X-Request-Id (and the platform logged), with JavaScript off.
 */
import { describe, expect, it } from "vitest";
import { parse } from "node-html-parser";
import { browserAs, consoleUrl } from "./support";

describe("请求编号 on the error pages", () => {
  it("a waybill that does not exist: the 404 page names the request's id", async () => {
    const browser = await browserAs("ORG_USER");
    const response = await browser.raw("/dispatchManage/wayillDetails/index?freightNo=NO-SUCH-FREIGHT-1");
    expect(response.status).toBe(404);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const doc = parse(await response.text());
    expect(doc.querySelector("#main-content h2")?.text).toContain("网络请求不存在");
    const shown = doc.querySelector("[data-request-id]");
    expect(shown?.text).toBe(id);
    expect(shown?.parentNode?.text).toContain("请求编号");
  });

  it("every answer carries its own id, and the probes answer", async () => {
    const [a, b] = await Promise.all([fetch(`${consoleUrl()}/login`), fetch(`${consoleUrl()}/login`)]);
    expect(a.headers.get("x-request-id")).toBeTruthy();
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
    expect((await fetch(`${consoleUrl()}/healthz`)).status).toBe(200);
    expect((await fetch(`${consoleUrl()}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${consoleUrl()}/metrics`)).text()).toContain("tms_console_http_requests_total");
  });
});
