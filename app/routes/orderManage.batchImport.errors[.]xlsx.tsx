import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { relayXlsx } from "~/services/pages/order-import.server";

/** GET /orderManage/batchImport/errors.xlsx?batch=<id>: a batch's refused rows with their errors, to fix and upload again. */
export const loader = ({ request }: LoaderFunctionArgs) => {
  const batch = new URL(request.url).searchParams.get("batch") ?? "";
  if (!/^[1-9]\d{0,14}$/.test(batch)) return json({ code: 404, errorMsg: "导入批次不存在" }, { status: 404 });
  return relayXlsx(request, `/tms-order-import/${batch}/errors`);
};
