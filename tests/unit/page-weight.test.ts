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
    // The values as one string: turbo-stream would give each value of an array an entry and a reference.
    expect(packed).toMatchObject({ result: { records: { $rows: ["id", "freightNo", "status", "loadedWeight", "actions"], v: JSON.stringify([[1, "YD1", "IN_TRANSIT", null, ["detail", "cancel"]], [2, "YD2", "COMPLETED", 31090, []]]) } } });
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
    expect(packed).toEqual({ $rows: ["id", "lines"], v: JSON.stringify([[1, { $rows: ["n"], v: [[1], [2]] }], [2, []]]) });
    expect(unpackRows(packed)).toEqual(data);
  });

  it("a document's page data is packed where the loaders answer it; data requests and resource routes get theirs as it is", async () => {
    const answer = () => json({ records: rows }, { headers: { "Set-Cookie": "a=1" } });
    const build = withPackedPageData({ routes: { page: { id: "page", module: { default: () => null, loader: answer } }, resource: { id: "resource", module: { loader: answer } } } } as never);
    const call = async (id: string, url: string) => {
      const loader = build.routes[id]!.module.loader as (args: { context: unknown }) => Promise<unknown>;
      const target = new URL(url, "http://console");
      return loader({ context: documentContext(target, dataRequestPath(target.pathname)) });
    };
    // A document's answer goes to Remix as data with the answer's status and headers, not parsed again.
    const document = (await call("page", "/list")) as { type: string; data: Json; init: { status: number; headers: Headers } };
    expect(document.type).toBe("DataWithResponseInit");
    expect(document.init.status).toBe(200);
    expect(document.init.headers.get("Set-Cookie")).toBe("a=1");
    expect(JSON.stringify(document.data)).toContain('"$rows"');
    expect(unpackRows(document.data)).toEqual({ records: rows });
    for (const [id, url] of [["page", "/list.data"], ["page", "/list?_data=page"], ["resource", "/list"]]) expect(await ((await call(id!, url!)) as Response).json()).toEqual({ records: rows });
  });
});

describe("lists of known strings", () => {
  it("send a viewer's role codes and denied pages as sets of places in the tables both bundles hold", () => {
    const viewer = { roles: ["TMS_FREIGHT_DISPATCH", "ORG_USER", "PAY_BANK_CARD"], versionFunctions: ["CAPTAIN", "DRIVER"], denied: ["/userInfoManage/enterpriseUpdate/:id", "/system/role"] };
    const packed = packRows(viewer) as { roles: Json; versionFunctions: Json; denied: Json };
    expect(packed.roles).toMatchObject({ $in: 0, v: expect.stringMatching(/^[\w-]+$/) });
    expect(packed.denied).toMatchObject({ $in: 1 });
    // Not every string in a table, or a string twice: the list stays as it is.
    expect(packed.versionFunctions).toEqual(["CAPTAIN", "DRIVER"]);
    expect(packRows(["ORG_USER", "某个新代码"])).toEqual(["ORG_USER", "某个新代码"]);
    expect(packRows(["ORG_USER", "ORG_USER"])).toEqual(["ORG_USER", "ORG_USER"]);
    // Sets to their readers: the same strings come back, in the table's order (the user type first).
    const unpacked = unpackRows(JSON.parse(JSON.stringify(packed)) as Json) as typeof viewer;
    expect(unpacked.roles[0]).toBe("ORG_USER");
    expect([...unpacked.roles].sort()).toEqual([...viewer.roles].sort());
    expect([...unpacked.denied].sort()).toEqual([...viewer.denied].sort());
    expect(unpacked.versionFunctions).toEqual(viewer.versionFunctions);
  });

  it("a set keeps every place of a long table", () => {
    const all = [...new Set((unpackRows({ $in: 1, v: "_".repeat(60) }) as Array<string | undefined>).filter((path): path is string => path !== undefined))];
    expect(all.length).toBeGreaterThan(100);
    expect(unpackRows(JSON.parse(JSON.stringify(packRows(all))) as Json)).toEqual(all);
  });
});
