import { PlatformError, platformFetch } from "~/services/platform.server";
import { getSession, sessionTokens } from "~/services/session.server";
import { platformTarget } from "~/services/target.server";

/**
 * Relays a file of the platform's store (`/files/<id>`, `/files/p/<token>`) with the user's token
 * when logged in. The platform's type and disposition pass through; the console adds
 * `X-Content-Type-Options: nosniff` itself, so a stored file is never sniffed into a page.
 */
export async function relayStoredFile(request: Request, platformPath: string): Promise<Response> {
  const tokens = sessionTokens(await getSession(request));
  try {
    const response = await platformFetch<Response>(platformTarget(request), { tokens }, { path: platformPath, method: "GET", raw: true });
    const headers = new Headers({ "X-Content-Type-Options": "nosniff" });
    for (const name of ["content-type", "content-length", "content-disposition", "cache-control"]) {
      const value = response.headers.get(name);
      if (value) headers.set(name, value);
    }
    // ?view=1 (a thumbnail's full image): an image or PDF opens in the browser instead of downloading.
    const inline = new URL(request.url).searchParams.get("view") === "1" && /^(image\/(png|jpeg|webp)|application\/pdf)$/.test(headers.get("content-type") ?? "");
    if (inline) headers.set("content-disposition", "inline");
    else if (!headers.has("content-disposition")) headers.set("content-disposition", "attachment");
    return new Response(response.body, { status: 200, headers });
  } catch (error) {
    if (error instanceof PlatformError) throw new Response(error.kind === "unauthorized" ? "请登录后下载" : error.message, { status: error.kind === "unauthorized" ? 401 : error.status === 404 ? 404 : 403, headers: { "X-Content-Type-Options": "nosniff" } });
    throw error;
  }
}
