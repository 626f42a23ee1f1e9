/**
 * Generated per resource (docs/architecture.md, the resource engine): every definition and page binding is checked the day it is
 * defined — Chinese labels, labelled enums, transitions between real states, page paths in the route
 * map, row actions the resource has, and forms that read back what they show.
 */
import { describe, expect, it } from "vitest";
import { allFields, createSchema, formSchema, transitionOf } from "../../contract/resources/derive";
import { RESOURCES } from "../../contract/resources/index";
import { PERMISSION_CODES } from "../../contract/permissions";
import { leafRoutes, ROUTE_TREE } from "~/navigation";
import { PAGES } from "~/pages";
import { rowAllows } from "~/pages/kit";

const CHINESE = /[\u4e00-\u9fa5]/;
const routePaths = new Set(leafRoutes(ROUTE_TREE).map((r) => r.path));

describe.each(Object.values(RESOURCES).map((def) => [def.key, def] as const))("resource %s", (_key, def) => {
  it("names itself and every field in Chinese, and labels every option", () => {
    expect(def.name).toMatch(CHINESE);
    for (const [key, field] of allFields(def)) {
      expect(field.label, key).toMatch(CHINESE);
      for (const [value, option] of Object.entries(field.options ?? {})) expect(option.label, `${key}=${value}`).toMatch(CHINESE);
    }
    expect(def.fields[def.titleField], "titleField").toBeDefined();
  });

  it("moves only between its own states, guarded by catalogued permission codes", () => {
    for (const [key, t] of Object.entries(def.status?.transitions ?? {})) {
      const states = t.field && t.field !== def.status!.field ? Object.keys(def.fields[t.field]?.options ?? {}) : Object.keys(def.status!.states);
      expect(states, `${key}.to`).toContain(t.to);
      for (const from of t.from) expect(states, `${key}.from`).toContain(from);
      for (const code of typeof t.permission === "string" ? [t.permission] : t.permission) expect(PERMISSION_CODES, key).toContain(code);
      expect(t.label).toMatch(CHINESE);
      expect(transitionOf(def, key)).toBe(t);
    }
    for (const codes of Object.values(def.permissions)) for (const code of codes ?? []) expect(PERMISSION_CODES).toContain(code);
  });

  it("has an example that its create schema accepts", () => {
    expect(def.example, "every resource carries an example for the generated tests").toBeDefined();
    const refs = Object.fromEntries([...Object.values(def.fields).flatMap((f) => (f.ref ? [f.ref.resource] : [])), ...(def.example?.refs ?? [])].map((key) => [key, 1]));
    const parsed = createSchema(def).safeParse(def.example!.body(1, refs));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it("reads back in its form what it shows (format → form text → same value)", () => {
    if (!def.example) return;
    const refs = Object.fromEntries([...Object.values(def.fields).flatMap((f) => (f.ref ? [f.ref.resource] : [])), ...(def.example?.refs ?? [])].map((key) => [key, 7]));
    const body = createSchema(def).parse(def.example.body(2, refs)) as Record<string, unknown>;
    const text: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      const field = def.fields[key];
      if (field && value !== null && value !== undefined) text[key] = field.toInput(value as never);
    }
    const parsed = formSchema(def, "create").safeParse(text);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    for (const [key, value] of Object.entries(body)) if (key in text) expect((parsed.data as Record<string, unknown>)[key], key).toEqual(value);
  });
});

describe.each(PAGES.map((page) => [page.path, page] as const))("page %s", (path, page) => {
  it("is a route of the route map", () => {
    expect(routePaths.has(path), path).toBe(true);
  });

  it("offers only actions its resource has", () => {
    // Page actions that are not transitions (派车, 重新发货) need a label and a page to open; row actions (重置密码) are the definition's.
    const linked = Object.keys(page.links.labels ?? {}).filter((key) => page.links.actions?.[key]);
    const known = new Set(["detail", "edit", "delete", "audit", ...Object.keys(page.def.status?.transitions ?? {}), ...Object.keys(page.def.actions ?? {}), ...linked]);
    const wanted = page.kind === "list" ? page.rowActions : page.kind === "detail" ? page.actions : [];
    for (const key of wanted) expect(known.has(key), key).toBe(true);
    if (page.kind === "audit") expect(Object.values(page.def.status?.transitions ?? {}).some((t) => t.group === page.group)).toBe(true);
    expect(rowAllows(page.def, [], "audit")).toBe(false);
  });
});

it("the vehicle form turns 35.5 吨 into 35500 kg and refuses a fourth decimal", async () => {
  const { vehicle } = await import("../../contract/resources/vehicle");
  expect(vehicle.fields.loadCapacity.fromForm("35.5")).toBe(35_500);
  const bad = formSchema(vehicle, "update").safeParse({ loadCapacity: "35.5555" });
  expect(bad.error?.issues.find((i) => i.path[0] === "loadCapacity")?.message).toBe("核定载质量应为吨数，最多 3 位小数");
  const tooHeavy = formSchema(vehicle, "update").safeParse({ loadCapacity: "250" });
  expect(tooHeavy.error?.issues.find((i) => i.path[0] === "loadCapacity")?.message).toBe("核定载质量不能超过 200 吨");
  const required = formSchema(vehicle, "create").safeParse({});
  expect(required.error?.issues.map((i) => i.message)).toContain("请填写车牌号");
});
