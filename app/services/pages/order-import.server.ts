/**
 * 批量导入 (/orderManage/batchImport): the upload is a multipart POST (works without JavaScript), held
 * in memory up to the limit and relayed as it is to the platform, which checks, reads and imports it;
 * the page shows the batch's outcome with its refused rows, and the recent batches.
 */
import { pickerOf } from "~/services/picker.server";
import { pickKeywordName } from "~/lib/picker";
import { json, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ORDER_IMPORT_MAX_BYTES, type ImportBatch } from "../../../contract/order-import";
import { resourceOf } from "../../../contract/resources/index";
import { noticeAndHeaders, platformMessage, redirectWithNotice } from "../page-data.server";
import { PlatformError } from "../platform.server";
import { requirePage, requireUser } from "../user.server";
import { readForm } from "../read-form.server";
import { isStaff } from "../../../contract/platforms";

export const IMPORT_PAGE = "/orderManage/batchImport";
export const IMPORT_MAX_BYTES = ORDER_IMPORT_MAX_BYTES;
export type ImportBatchView = ImportBatch;


export async function importLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const batchParam = url.searchParams.get("batch") ?? "";
  let batches: ImportBatchView[] = [];
  let batch: ImportBatchView | null = null;
  let error: string | null = null;
  try {
    batches = await user.call<ImportBatchView[]>({ path: "/tms-order-import/batches", body: {} });
    if (/^[1-9]\d{0,14}$/.test(batchParam)) batch = await user.call<ImportBatchView>({ path: `/tms-order-import/${batchParam}`, method: "GET" });
  } catch (e) {
    error = platformMessage(e);
  }
  const enterprise = resourceOf("enterprise");
  const orgId = url.searchParams.get("orgId") ?? "";
  const orgs = isStaff(user.info) && enterprise ? await pickerOf(user, enterprise, { keyword: url.searchParams.get(pickKeywordName("orgId")) ?? "", selected: orgId }) : null;
  const { notice, headers } = await noticeAndHeaders(request, user);
  return json({ batches, batch, error, notice, staff: isStaff(user.info), orgs, orgId: /^[1-9]\d{0,14}$/.test(orgId) ? orgId : "" }, { headers });
}

export async function importAction({ request }: ActionFunctionArgs) {
  const user = await requirePage(request);
  let form: FormData;
  try {
    form = await readForm(request, { multipart: unstable_createMemoryUploadHandler({ maxPartSize: IMPORT_MAX_BYTES }) });
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return json({ error: `文件超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB，请拆分后分批导入` }, { status: 400 });
    throw error;
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return json({ error: "请选择要导入的 xlsx 文件" }, { status: 400 });
  const orgId = String(form.get("orgId") ?? "");
  if (isStaff(user.info) && !/^[1-9]\d{0,14}$/.test(orgId)) return json({ error: "请选择导入到哪个企业" }, { status: 400 });
  try {
    const batch = await user.call<ImportBatchView>({
      path: "/tms-order-import/upload",
      body: new Uint8Array(await file.arrayBuffer()),
      headers: { "X-File-Name": encodeURIComponent(file.name || "orders.xlsx") },
      query: { orgId: isStaff(user.info) ? orgId : undefined, asDraft: form.get("asDraft") === "true" ? "true" : "false" },
    });
    const notice = batch.status === "IMPORTED" ? `已导入 ${batch.importedRows} 个订单` : `导入失败：${batch.message ?? "文件有错误"}，未导入任何订单`;
    return redirectWithNotice(user, `${IMPORT_PAGE}?batch=${batch.id}`, notice);
  } catch (error) {
    return json({ error: platformMessage(error) }, { status: 400 });
  }
}

/** Relays one of the platform's xlsx files (the template, a batch's refused rows). */
export async function relayXlsx(request: Request, path: string): Promise<Response> {
  const user = await requireUser(request);
  try {
    const upstream = await user.call<Response>({ path, method: "GET", raw: true });
    return new Response(upstream.body, {
      headers: { "Content-Type": upstream.headers.get("Content-Type") ?? "application/octet-stream", "Content-Disposition": upstream.headers.get("Content-Disposition") ?? "attachment", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return json({ code: error.status || 400, errorMsg: error.message }, { status: error.kind === "not-found" ? 404 : 400 });
  }
}
