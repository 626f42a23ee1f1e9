import type { LoaderFunctionArgs } from "@remix-run/node";
import { relayXlsx } from "~/services/pages/order-import.server";

/** GET /financialManage/inputTaxTicket/template.xlsx: the input ticket import template. */
export const loader = ({ request }: LoaderFunctionArgs) => relayXlsx(request, "/tms-input-tax-ticket-import/template");
