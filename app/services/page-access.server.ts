/**
 * Which console pages the platform will serve an account, for what the route map cannot say itself: a
 * resource page opens only for whom the platform lets use the resource (its `kinds` and permission codes,
 * through the same `mayUse` the platform's resource routes apply). The result joins the viewer
 * (`Viewer.denied`), so the menu, the route guard and the row links all leave those pages out.
 */
import { mayUse, type Verb } from "../../contract/resources/derive";
import type { UserType } from "../../contract/platforms";
import { PAGES } from "~/pages";
import type { ResourcePage } from "~/pages/kit";

function verbOf(page: ResourcePage): Verb {
  switch (page.kind) {
    case "list":
      return "list";
    case "form":
      return page.mode;
    default:
      return "detail";
  }
}

const deniedByKey = new Map<string, string[]>();

/** The resource pages an account of `kind` holding `codes` may not open (a path hosting several pages: when none opens). */
export function deniedPages(kind: UserType, codes: readonly string[]): string[] {
  const key = `${kind}:${[...codes].sort().join(",")}`;
  let denied = deniedByKey.get(key);
  if (!denied) {
    const caller = { type: kind, permissions: new Set(codes) };
    const open = new Set(PAGES.filter((page) => mayUse(page.def, caller, verbOf(page))).map((page) => page.path));
    denied = [...new Set(PAGES.map((page) => page.path))].filter((path) => !open.has(path));
    if (deniedByKey.size > 1000) deniedByKey.clear();
    deniedByKey.set(key, denied);
  }
  return denied;
}

/**
 * The codes the resource page(s) at `path` ask of an account, as the route table prints them: one group
 * met by any of its codes (several pages at one path: any of theirs). Empty: no code, or no resource page.
 */
export function resourcePageCodes(path: string): string[] {
  const codes = PAGES.filter((page) => page.path === path).map((page) => page.def.permissions[verbOf(page)]);
  if (!codes.length || codes.some((list) => list === undefined || (Array.isArray(list) && list.length === 0))) return [];
  return [...new Set(codes.flatMap((list) => (typeof list === "string" ? [list] : [...list!])))];
}
