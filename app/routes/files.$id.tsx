import type { LoaderFunctionArgs } from "@remix-run/node";
import { relayStoredFile } from "~/services/stored-file.server";

/** A file of the platform's store by id (`/files/<id>`): for a logged-in user (anonymous readers use `/files/p/<token>`). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!/^\d{1,12}$/.test(params.id ?? "")) throw new Response("文件不存在", { status: 404, headers: { "X-Content-Type-Options": "nosniff" } });
  return relayStoredFile(request, `/system-file/${params.id}/download`);
}
