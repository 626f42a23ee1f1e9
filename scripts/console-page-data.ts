/**
 * A document's page data with its row lists packed (`app/lib/handoff-rows.ts`), under single fetch.
 *
 * Remix encodes a document's loader and action data into the turbo-stream its scripts carry before the
 * entry (`app/entry.server.tsx`) is called, so the packing happens where the data is made: the JSON a
 * page route's loader or action answers is packed when the request is a document's (the load context
 * says so, `documentContext`), and the entry unpacks it in place before React renders (the stream has
 * already been encoded by then). The browser unpacks it as Remix hands it over (`app/entry.client.tsx`).
 * Data requests (`.data`, client navigations) and resource routes (no page: their JSON is read by
 * whoever fetched it) are left as they are.
 */
import { data, type ServerBuild } from "@remix-run/node";
import { packRows, type Json } from "../app/lib/handoff-rows";

const DOCUMENT = Symbol("tms.document");

/** The load context of a request: marks a document's (not a data request's: `.data` or the classic `?_data=`). */
export function documentContext(url: URL, dataPath: string | null): Record<symbol, boolean> {
  return dataPath === null && !url.searchParams.has("_data") ? { [DOCUMENT]: true } : {};
}

type DataFunction = (args: { context: Record<symbol, unknown> }) => unknown;

/**
 * A JSON answer's data with its row lists packed, with the answer's status and headers (its cookies);
 * anything else (a redirect, a refusal, raw values) as it was. It goes to Remix as data, not as a new
 * JSON Response: Remix would only parse that again to encode the document's stream.
 */
async function packed(result: unknown): Promise<unknown> {
  if (!(result instanceof Response) || result.status !== 200 || !result.headers.get("Content-Type")?.includes("application/json")) return result;
  return data(packRows((await result.json()) as Json), { status: result.status, statusText: result.statusText, headers: result.headers });
}

function packing(fn: DataFunction | undefined): DataFunction | undefined {
  if (!fn) return undefined;
  return async (args) => {
    const result = await fn(args);
    return args.context?.[DOCUMENT] ? packed(result) : result;
  };
}

/** The build with every page route's loader and action packing its JSON for documents. */
export function withPackedPageData(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = route.module as ServerBuild["routes"][string]["module"] & { loader?: DataFunction; action?: DataFunction };
      if (!module.default) return [id, route];
      return [id, { ...route, module: { ...module, loader: packing(module.loader), action: packing(module.action) } }];
    }),
  );
  return { ...build, routes } as ServerBuild;
}
