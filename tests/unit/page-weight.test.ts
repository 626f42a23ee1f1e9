/** The document's lighter page data (page weight): packed row lists and lists of known strings. */
import { describe, expect, it } from "vitest";
import { json } from "@remix-run/node";
import { packRows, unpackRows, type Json } from "~/lib/handoff-rows";
import { documentContext, withPackedPageData } from "../../scripts/console-page-data";
import { dataRequestPath } from "../../scripts/console-routes";

const rows = [
  { id: 1, freightNo: "YD1", status: "IN_TRANSIT", loadedWeight: null, actions: ["detail", "cancel"] },
  { id: 2, freightNo: "YD2", status: "COMPLETED", loadedWeight: 31090, actions: [] },
];

describe("packed row lists", () => {
  it("sends the keys of a list of like objects once and unpacks to the same value", () => {
    const data: Json = { result: { records: rows, total: 2 }, sections: [{ title: "a", data: { records: rows } }, { title: "b", data: { records: [] } }] };
    const packed = packRows(data);
    expect(packed).toMatchObject({ result: { records: { $rows: ["id", "freightNo", "status", "loadedWeight", "actions"], v: [[1, "YD1", "IN_TRANSIT", null, ["detail", "cancel"]], [2, "YD2", "COMPLETED", 31090, []]] } } });
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(data).length);
    expect(unpackRows(JSON.parse(JSON.stringify(packed)) as Json)).toEqual(data);
  });

  it("leaves single objects, lists of unlike objects and scalar lists as they are", () => {
    const data: Json = { one: [{ a: 1 }], unlike: [{ a: 1, b: 2 }, { b: 2, a: 1 }], missing: [{ a: 1 }, { a: 1, b: null }], mixed: [{ a: 1 }, 2], scalars: [1, 2, 3], nested: [[{ a: 1 }]] };
    expect(packRows(data)).toEqual(data);
    expect(unpackRows(data)).toEqual(data);
  });

  it("packs row lists inside rows", () => {
    const data: Json = [{ id: 1, lines: [{ n: 1 }, { n: 2 }] }, { id: 2, lines: [] }];
    const packed = packRows(data);
    expect(packed).toEqual({ $rows: ["id", "lines"], v: [[1, { $rows: ["n"], v: [[1], [2]] }], [2, []]] });
    expect(unpackRows(packed)).toEqual(data);
  });

  it("a document's page data is packed where the loaders answer it; data requests and resource routes get theirs as it is", async () => {
    const answer = () => json({ records: rows }, { headers: { "Set-Cookie": "a=1" } });
    const build = withPackedPageData({ routes: { page: { id: "page", module: { default: () => null, loader: answer } }, resource: { id: "resource", module: { loader: answer } } } } as never);
    const call = async (id: string, url: string) => {
      const loader = build.routes[id]!.module.loader as (args: { context: unknown }) => Promise<Response>;
      const target = new URL(url, "http://console");
      return loader({ context: documentContext(target, dataRequestPath(target.pathname)) });
    };
    const document = await call("page", "/list");
    expect(document.headers.get("Set-Cookie")).toBe("a=1");
    const data = (await document.json()) as Json;
    expect(JSON.stringify(data)).toContain('"$rows"');
    expect(unpackRows(data)).toEqual({ records: rows });
    for (const [id, url] of [["page", "/list.data"], ["page", "/list?_data=page"], ["resource", "/list"]]) expect(await (await call(id!, url!)).json()).toEqual({ records: rows });
  });
});

describe("lists of known strings", () => {
  it("send a viewer's role codes and denied pages as indices in the tables both bundles hold", () => {
    const viewer: Json = { roles: ["ORG_USER", "TMS_FREIGHT_DISPATCH", "PAY_BANK_CARD"], versionFunctions: ["CAPTAIN", "DRIVER"], denied: ["/system/role", "/userInfoManage/enterpriseUpdate/:id"] };
    const packed = packRows(viewer) as { roles: Json; versionFunctions: Json; denied: Json };
    expect(packed.roles).toMatchObject({ $in: 0 });
    expect(packed.denied).toMatchObject({ $in: 1 });
    // Not every string in a table: the list stays as it is.
    expect(packed.versionFunctions).toEqual(["CAPTAIN", "DRIVER"]);
    expect(packRows(["ORG_USER", "某个新代码"])).toEqual(["ORG_USER", "某个新代码"]);
    expect(unpackRows(JSON.parse(JSON.stringify(packed)) as Json)).toEqual(viewer);
  });
});
