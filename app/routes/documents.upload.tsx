import { json, type ActionFunctionArgs } from "@remix-run/node";
import { relayDocument } from "~/services/documents.server";
import { PlatformError } from "~/services/platform.server";
import { refuseCrossOrigin } from "~/services/read-form.server";
import { requireUser } from "~/services/user.server";
import { DOCUMENT_KIND_CODES, DOCUMENT_MAX_BYTES, type DocumentKind } from "~/lib/documents";

/**
 * The widget's immediate upload (JavaScript on, with a progress bar): the body is the file, its name
 * and kind in the query; relayed to the platform's document store as the logged-in user.
 */
export async function action({ request }: ActionFunctionArgs) {
  refuseCrossOrigin(request);
  const user = await requireUser(request);
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind") as DocumentKind;
  const name = url.searchParams.get("name") ?? "";
  if (!DOCUMENT_KIND_CODES.includes(kind)) return json({ error: "文件用途不正确" }, { status: 400 });
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > DOCUMENT_MAX_BYTES) return json({ error: `文件过大：单个文件最大 ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB` }, { status: 400 });
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > DOCUMENT_MAX_BYTES) return json({ error: `文件过大：单个文件最大 ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB` }, { status: 400 });
  try {
    const file = await relayDocument(user, name, bytes, kind);
    return json({ file }, { headers: await user.cookieHeaders() });
  } catch (error) {
    if (error instanceof PlatformError) return json({ error: error.message }, { status: 400 });
    throw error;
  }
}

export async function loader() {
  throw new Response("请以 POST 上传文件", { status: 405 });
}
