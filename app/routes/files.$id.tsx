import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlatformError, platformFetch } from "~/services/platform.server";
import { getSession, sessionTokens } from "~/services/session.server";
import { platformTarget } from "~/services/target.server";

/** A file of the platform's store (`/files/<id>`): relayed with the user's token when logged in. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!/^\d{1,12}$/.test(params.id ?? "")) throw new Response("文件不存在", { status: 404 });
  const tokens = sessionTokens(await getSession(request));
  try {
    const response = await platformFetch<Response>(platformTarget(request), { tokens }, { path: `/system-file/${params.id}/download`, method: "GET", raw: true });
    const headers = new Headers();
    for (const name of ["content-type", "content-length", "content-disposition", "cache-control"]) {
      const value = response.headers.get(name);
      if (value) headers.set(name, value);
    }
    // ?view=1 (a thumbnail's full image): an image or PDF opens in the browser instead of downloading.
    const type = headers.get("content-type") ?? "";
    if (new URL(request.url).searchParams.get("view") === "1" && /^(image\/(png|jpeg|webp)|application\/pdf)$/.test(type)) {
      headers.set("content-disposition", "inline");
      headers.set("X-Content-Type-Options", "nosniff");
    }
    return new Response(response.body, { status: 200, headers });
  } catch (error) {
    if (error instanceof PlatformError) throw new Response(error.kind === "unauthorized" ? "请登录后下载" : error.message, { status: error.kind === "unauthorized" ? 401 : error.status === 404 ? 404 : 403 });
    throw error;
  }
}
