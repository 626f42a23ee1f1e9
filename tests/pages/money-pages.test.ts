/**
 * The money pages moved onto the resource engine, with JavaScript off, over HTTP: 红包管理's row
 * actions (手动发放 in its own dialog, 撤回 as the engine's confirmation) on both tabs, 我的提现's 撤销 on
 * 账户信息 (the platform's row action, the ledger's service), the 解绑 dialog of a bank card, and
 * 企业余额 → 企业余额明细 with its 核对 and latest entries.
 */
import { describe, expect, it } from "vitest";
import { textOf, type LoadedPage } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const button = (page: LoadedPage, formId: string) => page.doc.querySelector(`button[form="${formId}"]`)!;
const status = (page: LoadedPage) => textOf(page.doc.querySelector('[role="status"]'));
const alert = (page: LoadedPage) => textOf(page.doc.querySelector('[role="alert"]'));

describe.sequential("money pages on the engine (JavaScript off)", () => {
  it("红包管理: 手动发放 from a campaign's row pays at once; 发放记录 keeps its tab when searched and 撤回 confirms", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const page = await browser.get("/financialManage/redEnvelopeManagement");
    expect(textOf(page.doc.querySelector('[data-testid="marketing-account"]'))).toContain("营销资金账户余额");
    const grant = page.doc.querySelectorAll('table[aria-label="红包活动"] [data-testid="resource-row"] a[data-action="grant"]')[0];
    expect(grant, "an active campaign offers 手动发放").toBeDefined();
    const dialog = await browser.get(grant!.getAttribute("href")!);
    const form = dialog.doc.querySelector("form#confirm-grant")!;
    expect(form, "the 手动发放 dialog").not.toBeNull();
    const done = await browser.submit(dialog, form, { mobiles: "13966200001" }, button(dialog, "confirm-grant"));
    expect(status(done), alert(done)).toContain("已向 1 人发放红包");

    const grants = await browser.get("/financialManage/redEnvelopeManagement?tab=grants");
    const search = grants.doc.querySelector('form[aria-label="红包查询"]')!;
    expect(search.querySelector('input[type="hidden"][name="tab"]')?.getAttribute("value")).toBe("grants");
    const found = await browser.submit(grants, search, { keyword: "周德胜" });
    expect(found.url).toContain("tab=grants");
    const rows = found.doc.querySelectorAll('table[aria-label="红包发放记录"] [data-testid="resource-row"]');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => textOf(row).includes("周德胜"))).toBe(true);
    // The records hold masked mobiles: the platform's 导出 is a form whose box asks for the full numbers.
    const exportForm = found.doc.querySelector('[data-testid="grant-table"] form[action="/financialManage/redEnvelopeManagement/export.xlsx"]')!;
    expect(exportForm.querySelector('input[name="revealIds"]')).not.toBeNull();
    expect(exportForm.querySelector('input[type="hidden"][name="tab"]')?.getAttribute("value")).toBe("grants");
    expect(exportForm.querySelector('input[type="hidden"][name="keyword"]')?.getAttribute("value")).toBe("周德胜");

    const pending = await browser.get("/financialManage/redEnvelopeManagement?tab=grants&status=GRANTED");
    const revoke = pending.doc.querySelector('[data-testid="resource-row"] a[data-action="revoke"]');
    expect(revoke, "an unclaimed envelope offers 撤回").not.toBeNull();
    const asked = await browser.get(revoke!.getAttribute("href")!);
    const confirm = asked.doc.querySelector('[data-testid="resource-confirm"] form')!;
    const revoked = await browser.submit(asked, confirm, {}, button(asked, confirm.getAttribute("id")!));
    expect(status(revoked), alert(revoked)).toContain("已撤回");
  });

  it("账户信息: a withdrawal applied for is 撤销ed from 我的提现, and a card's 解绑 asks first", async () => {
    const browser = await browserAs("INDIVIDUAL_USER");
    const page = await browser.get("/accountManage/accountInfo");
    const frozen = textOf(page.doc.querySelector('[data-testid="account-frozen"]'));
    const apply = page.doc.querySelector('form[aria-label="申请提现"]')!;
    const applied = await browser.submit(page, apply, { amount: "1.00" });
    expect(status(applied), alert(applied)).toContain("1.00 元已冻结");
    const withdrawNo = /TX\d{14}/.exec(status(applied))![0];
    const row = applied.doc.querySelectorAll('[data-testid="my-withdrawals"] [data-testid="resource-row"]').find((r) => textOf(r).includes(withdrawNo))!;
    const cancel = row.querySelector('a[data-action="cancel"]');
    expect(cancel, "a 待审核 withdrawal offers 撤销").not.toBeNull();
    const asked = await browser.get(cancel!.getAttribute("href")!);
    const confirm = asked.doc.querySelector('[data-testid="resource-confirm"] form')!;
    const cancelled = await browser.submit(asked, confirm, {}, button(asked, confirm.getAttribute("id")!));
    expect(status(cancelled), alert(cancelled)).toContain(`${withdrawNo} 已撤销`);
    expect(textOf(cancelled.doc.querySelector('[data-testid="account-frozen"]'))).toBe(frozen);

    const unbind = cancelled.doc.querySelector('[data-testid="card-table"] a[data-action="unbind"]');
    expect(unbind, "a bound card offers 解绑").not.toBeNull();
    const dialog = await browser.get(unbind!.getAttribute("href")!);
    expect(dialog.doc.querySelector("form#confirm-unbind input[name=intent]")?.getAttribute("value")).toBe("unbind");
  });

  it("企业余额 → 企业余额明细: the account, its 核对 and its latest entries", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const list = await browser.get("/financialManage/enterpriseBalance");
    expect(list.doc.querySelector('section[aria-label="待确认充值"]'), "待确认充值 beneath the balances").not.toBeNull();
    const detail = list.doc.querySelector('table[aria-label="企业余额"] [data-testid="resource-row"] a[data-action="detail"]')!;
    const page = await browser.get(detail.getAttribute("href")!);
    expect(textOf(page.doc.querySelector('[data-testid="balance-check"]'))).toContain("与账户余额一致");
    expect(page.doc.querySelectorAll('table[aria-label="资金流水"] [data-testid="resource-row"]').length).toBeGreaterThan(0);

    // 余额 bounds in 元: a bound above every balance leaves none; a bad bound says what to fix.
    const rows = (p: LoadedPage) => p.doc.querySelectorAll('table[aria-label="企业余额"] [data-testid="resource-row"]').length;
    expect(rows(await browser.get("/financialManage/enterpriseBalance?balanceFrom=0"))).toBe(rows(list));
    expect(rows(await browser.get("/financialManage/enterpriseBalance?balanceFrom=99999999.99"))).toBe(0);
    const bad = await browser.get("/financialManage/enterpriseBalance?balanceFrom=abc");
    expect(textOf(bad.doc.querySelector(".field-error"))).toContain("余额(元)下限应为金额");
  });
});
