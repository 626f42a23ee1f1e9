import type { LoaderFunctionArgs } from "@remix-run/node";
import { relayStoredFile } from "~/services/stored-file.server";

/** A PUBLIC file of the platform's store by its unguessable token (`/files/p/<32 hex>`), without logging in. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!/^[0-9a-f]{32}$/.test(params.token ?? "")) throw new Response("文件不存在", { status: 404, headers: { "X-Content-Type-Options": "nosniff" } });
  return relayStoredFile(request, `/system-file/p/${params.token}/download`);
}
