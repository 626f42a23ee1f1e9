import type { LoaderFunctionArgs } from "@remix-run/node";
import { relayXlsx } from "~/services/pages/order-import.server";

/** GET /orderManage/batchImport/template.xlsx: the order import template (columns, an example row, allowed values). */
export const loader = ({ request }: LoaderFunctionArgs) => relayXlsx(request, "/tms-order-import/template");
