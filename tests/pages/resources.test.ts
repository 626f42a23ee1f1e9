/**
 * Generated per resource page (docs/architecture.md, the resource engine), with JavaScript off, over HTTP: every list renders its
 * columns and real rows, a filter narrows it, 详情 opens; every add form shows the field errors when empty
 * and saves a valid record; every audit page refuses 驳回 without its 驳回原因 (or 审核意见). One login per account for the
 * file. (These were browser tests with JavaScript off; the server-rendered HTML is the same over HTTP.)
 */
import { describe, expect, it } from "vitest";
import type { HTMLElement } from "node-html-parser";
import { filterSpecs, listColumns } from "../../contract/resources/derive";
import type { AnyResource } from "../../contract/resources/kit";
import { PAGES } from "../../app/pages/index";
import { regionLevels } from "../../contract/regions";
import { pageTitleOf, type AuditPage, type FormPage, type ListPage } from "../../app/pages/kit";
import { pageTitle } from "../../app/navigation";
import { optionValues, textOf, type LoadedPage, type NoScriptBrowser } from "../helpers/no-script-browser";
import { browserAs, type Kind } from "./support";

/** The account a page is tried as; a page that adds records is tried as one that may write them (e.g. 船舶信息审核 is submitted by owners). */
function accountFor(path: string, writers?: readonly string[]): Kind {
  const kind = defaultAccount(path);
  if (!writers || writers.length === 0 || writers.includes(kind)) return kind;
  return (["ORG_USER", "TENANT_USER", "SYSTEM_USER"] as const).find((k) => writers.includes(k)) ?? kind;
}

/** The demo account that works on a page: staff for /userInfoManage, the organisation for its own resources, orders and account. */
function defaultAccount(path: string): Kind {
  // /accountManage is an account holder's own money (spec: ORG_USER and INDIVIDUAL_USER only).
  if (path.startsWith("/resourceManager") || path.startsWith("/carAdministration") || path.startsWith("/orderManage") || path.startsWith("/accountManage") || path === "/supplyManage/newSupply") return "ORG_USER";
  if (path.startsWith("/userInfoManage")) return "TENANT_USER";
  return "SYSTEM_USER";
}

/** The form's values from the definition's example; references and unlisted selects take their first option (as the browser tests did). */
function exampleValues(form: HTMLElement, def: AnyResource): Record<string, string> {
  const body = def.example!.body(Date.now() % 90_000, {});
  const values: Record<string, string> = {};
  for (const [key, field] of Object.entries(def.fields)) {
    // A place: the three selects of the cascader, as the user picks them (the form folds them into one code).
    if (field.kind === "region" && typeof body[key] === "string" && form.querySelector(`[name="${key}__p"]`)) {
      const levels = regionLevels(body[key] as string);
      values[`${key}__p`] = levels.province;
      values[`${key}__c`] = levels.city;
      values[`${key}__d`] = levels.district;
      continue;
    }
    const input = form.querySelector(`[name="${key}"]`);
    if (!input) continue;
    const value = body[key];
    if (field.input.type === "select") {
      const options = optionValues(input);
      const wanted = value === undefined || value === null ? undefined : field.toInput(value as never);
      const choice = wanted && options.includes(wanted) ? wanted : field.required || (field.ref && key in body) ? options[0] : undefined;
      if (choice) values[key] = choice;
    } else if (value !== undefined && value !== null) values[key] = field.toInput(value as never);
  }
  const org = form.querySelector('[name="orgId"]');
  const firstOrg = org ? optionValues(org)[0] : undefined;
  if (firstOrg) values.orgId = firstOrg;
  return values;
}

function saveButton(form: HTMLElement) {
  const button = form.querySelectorAll("button").find((b) => textOf(b) === "保存");
  expect(button, "the form has a 保存 button").toBeDefined();
  return button!;
}

/** Submits the engine's resource form empty (field errors, same path), then filled from the example (已新增). */
async function refusesEmptyThenSaves(browser: NoScriptBrowser, page: LoadedPage, def: AnyResource, path: string) {
  const form = page.doc.querySelector('[data-testid="resource-form"]')!;
  expect(form, `${page.url} shows the resource form`).not.toBeNull();
  const refused = await browser.submit(page, form, {}, saveButton(form));
  expect(refused.doc.querySelector(".field-error"), `${path}: an empty form shows field errors`).not.toBeNull();
  expect(refused.url.split("?")[0]).toBe(path);
  const again = refused.doc.querySelector('[data-testid="resource-form"]')!;
  const saved = await browser.submit(refused, again, exampleValues(again, def), saveButton(again));
  expect(textOf(saved.doc.querySelector('[role="status"]')), `${path}: ${textOf(saved.doc.querySelector('[role="alert"]'))}`).toContain("已新增");
}

const lists = PAGES.filter((p): p is ListPage => p.kind === "list" && !p.bespoke);
const forms = PAGES.filter((p): p is FormPage => p.kind === "form" && p.mode === "create");
const audits = PAGES.filter((p): p is AuditPage => p.kind === "audit" && p.group === "audit" && !PAGES.some((l) => l.kind === "list" && l.bespoke && l.def === p.def));

describe.sequential("resource pages with JavaScript off", () => {
  for (const list of lists) {
    it(`list ${list.path}: columns, real rows, a narrowing filter, 详情`, async () => {
      const browser = await browserAs(accountFor(list.path));
      const page = await browser.get(list.path);
      expect(page.status).toBe(200);
      const name = pageTitleOf(list, pageTitle);
      const table = page.doc.querySelector(`table[aria-label="${name}"]`);
      expect(table, `${list.path} shows the table 「${name}」`).not.toBeNull();
      const firstColumn = (list.columns?.[0] ? list.def.fields[list.columns[0]]?.label : listColumns(list.def)[0]?.[1].label) ?? "";
      expect(textOf(table!.querySelector("th"))).toBe(firstColumn);
      // A page may show a second table beneath (a fine's operation log): the list is the named table.
      const rows = table!.querySelectorAll('[data-testid="resource-row"]');
      expect(rows.length, `${list.path} shows demo rows`).toBeGreaterThan(0);

      const status = list.def.status && filterSpecs(list.def).some((s) => s.key === list.def.status!.field) && !(list.preset && list.def.status.field in list.preset);
      if (status) {
        const state = rows[0]!.getAttribute("data-status");
        const filtered = await browser.get(`${list.path}?${list.def.status!.field}=${state}`);
        const statuses = filtered.doc.querySelectorAll(`table[aria-label="${name}"] [data-testid="resource-row"]`).map((row) => row.getAttribute("data-status"));
        expect(statuses.length).toBeGreaterThan(0);
        expect(new Set(statuses)).toEqual(new Set([state]));
      }

      const detail = rows[0]!.querySelector('[data-action="detail"]');
      if (list.links.detail && detail) {
        const opened = await browser.get(detail.getAttribute("href")!);
        expect(opened.status).toBe(200);
        // A list route may show its records' detail itself (`?id=`): the detail binding of that path.
        const detailPage = PAGES.find((p) => p.path === list.links.detail && p.kind !== "list") ?? PAGES.find((p) => p.path === list.links.detail)!;
        expect(textOf(opened.doc.querySelector("main h2") ?? opened.doc.querySelector("h2"))).toContain(pageTitleOf(detailPage, pageTitle));
        if (!(detailPage.kind === "detail" && detailPage.bespoke)) expect(opened.doc.querySelector('section[aria-label="操作记录"]'), "the detail shows its 操作记录").not.toBeNull();
      }
    });

    if (list.inlineForm) {
      it(`list ${list.path}: the inline add form refuses an empty form and saves a valid one`, async () => {
        const browser = await browserAs(accountFor(list.path, list.def.kinds.write));
        const page = await browser.get(`${list.path}?form=new`);
        expect(page.doc.querySelector('[data-testid="resource-form-dialog"]'), "the add dialog is open").not.toBeNull();
        await refusesEmptyThenSaves(browser, page, list.def, list.path);
      });
    }
  }

  for (const form of forms) {
    it(`form ${form.path}: shows the field errors when empty and saves a valid record`, async () => {
      const browser = await browserAs(accountFor(form.path, form.def.kinds.write));
      const page = await browser.get(form.path);
      expect(page.status).toBe(200);
      await refusesEmptyThenSaves(browser, page, form.def, form.path);
    });
  }

  for (const audit of audits) {
    it(`audit ${audit.path}: 驳回 needs its 驳回原因 or 审核意见`, async () => {
      const browser = await browserAs(accountFor(audit.path));
      // The state awaiting this audit (待审核: PENDING, or e.g. PENDING_AUDIT for supplies).
      const pending = Object.values(audit.def.status!.transitions).find((t) => t.group === audit.group)!.from[0];
      const list = await browser.get(`${audit.links.list!}?${audit.def.status!.field}=${pending}`);
      const link = list.doc.querySelector('[data-testid="resource-row"] [data-action="audit"]');
      expect(link, `${audit.links.list} has a pending row to audit`).not.toBeNull();
      const page = await browser.get(link!.getAttribute("href")!);
      const form = page.doc.querySelector('[data-testid="audit-form"]')!;
      const reject = form.querySelectorAll("label").find((label) => textOf(label) === "驳回")?.querySelector("input");
      expect(reject, "the audit form offers 驳回").toBeDefined();
      const submit = form.querySelectorAll("button").find((b) => textOf(b) === "提交审核");
      const answered = await browser.submit(page, form, { [reject!.getAttribute("name")!]: reject!.getAttribute("value")! }, submit);
      // A 驳回 picks a 驳回原因 from the dictionary where the definition says so, else writes its 审核意见.
      const reasoned = Object.values(audit.def.status!.transitions[reject!.getAttribute("value")!]!.input ?? {}).some((field) => field.dict);
      expect(textOf(answered.doc.querySelector('[data-testid="audit-form"] .field-error'))).toContain(reasoned ? "请选择驳回原因" : "审核意见");
    });
  }
});
