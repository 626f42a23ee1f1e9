/**
 * 进项票批量导入 on the 进项票 page: the upload is a multipart POST (works without JavaScript), held in
 * memory up to the limit and relayed as it is to the platform, which checks, validates and registers
 * every row or none; the page shows the outcome with each refused row's errors.
 */
import { json, MaxPartSizeExceededError, unstable_createMemoryUploadHandler } from "@remix-run/node";
import { TICKET_IMPORT_MAX_BYTES, type TicketImportResult } from "../../../contract/billing";
import { platformMessage } from "../page-data.server";
import { readForm } from "../read-form.server";
import { requirePage } from "../user.server";

export const isUpload = (request: Request) => (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");

export async function ticketImportAction(request: Request) {
  const user = await requirePage(request);
  let form: FormData;
  try {
    form = await readForm(request, { multipart: unstable_createMemoryUploadHandler({ maxPartSize: TICKET_IMPORT_MAX_BYTES }) });
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return json({ ticketImport: null, importError: `文件超过 ${TICKET_IMPORT_MAX_BYTES / 1024 / 1024} MB，请拆分后分批导入` }, { status: 400 });
    throw error;
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return json({ ticketImport: null, importError: "请选择要导入的 xlsx 文件" }, { status: 400 });
  try {
    const result = await user.call<TicketImportResult>({
      path: "/tms-input-tax-ticket-import/upload",
      body: new Uint8Array(await file.arrayBuffer()),
      headers: { "X-File-Name": encodeURIComponent(file.name || "tickets.xlsx") },
    });
    return json({ ticketImport: result, importError: null });
  } catch (error) {
    return json({ ticketImport: null, importError: platformMessage(error) }, { status: 400 });
  }
}
