/**
 * 200 % and 400 % zoom (WCAG 1.4.4, 1.4.10; docs/design/accessibility.md, "Zoom 200 %"): at 1440 px, 720 px
 * (1440 px at 200 %) and 320 px, lists with their search forms, forms and 首页, as an organisation and as
 * the platform, neither scroll sideways nor hide a control under something fixed or sticky
 * (`tests/helpers/reflow.ts`), with JavaScript on and off.
 */
import { expect, test } from "@playwright/test";
import { login, waitForHydration, withoutLiveStream, type Kind } from "./support";
import { reflowReport } from "../helpers/reflow";

const PAGES: Record<"ORG_USER" | "SYSTEM_USER", string[]> = {
  ORG_USER: ["/dashboard", "/dispatchManage/waybillList", "/carAdministration/carOperate", "/orderManage/newOrders", "/personalCenter/userInfo"],
  SYSTEM_USER: ["/dashboard", "/userInfoManage/enterpriseList", "/system/user", "/system/expirationPasswordConfig"],
};

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 720, height: 450 },
  { width: 320, height: 640 },
];

for (const javaScriptEnabled of [true, false]) {
  for (const kind of Object.keys(PAGES) as Array<keyof typeof PAGES>) {
    test(`${kind} at 1440, 720 and 320 px, JavaScript ${javaScriptEnabled ? "on" : "off"}: no sideways scroll, no control under a fixed part`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: VIEWPORTS[0], javaScriptEnabled });
      // No live stream: a message another test sends this account meanwhile would show its toast over
      // the page until clicked (a notice laid over it on purpose, not the layout under test).
      await withoutLiveStream(context);
      const page = await context.newPage();
      await login(page, kind as Kind);
      const problems: string[] = [];
      for (const path of PAGES[kind]) {
        await page.goto(path);
        await waitForHydration(page);
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          const report = await reflowReport(page);
          expect(report.checked, `${path} at ${viewport.width} px: controls looked at`).toBeGreaterThan(5);
          if (report.scrollWidth > report.clientWidth) problems.push(`${path} at ${viewport.width} px: the page is ${report.scrollWidth} px wide: ${report.overflowing.join("; ")}`);
          for (const finding of report.findings) problems.push(`${path} at ${viewport.width} px: ${finding.control}: ${finding.problem}`);
        }
      }
      // The settings, from the navbar's gear: the drawer fits the 320-px screen and closes again (a link to the page without JavaScript).
      await page.getByTestId("settings-panel").locator("summary").click();
      const form = page.locator('form[aria-label="系统布局设置"]');
      await expect(form).toBeInViewport({ ratio: 1 });
      await expect(form.getByRole("button", { name: "恢复默认" })).toBeVisible();
      await form.getByLabel("关闭设置").click();
      await expect(page.getByTestId("settings-panel")).toHaveJSProperty("open", false);
      await context.close();
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }
}
