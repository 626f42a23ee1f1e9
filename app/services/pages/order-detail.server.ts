/** 订单详情: the engine's detail with the order's waybills (from the waybill search, exact order number). */
import type { FreightRecord } from "../../../contract/freight";
import { freightApi } from "../freight.server";
import { platformMessage } from "../page-data.server";
import type { DetailExtra } from "../resource-pages.server";
import { LARGEST_PAGE } from "~/lib/paging";

export interface OrderWaybills {
  waybills: FreightRecord[];
  total: number;
  error: string | null;
}

export const orderWaybills: DetailExtra = async (user, record): Promise<OrderWaybills> => {
  const orderNo = String(record.orderNo ?? "");
  try {
    const page = await freightApi.search(user, { orderNo } as never, LARGEST_PAGE);
    const waybills = page.records.filter((w) => w.orderNo === orderNo);
    return { waybills, total: waybills.length, error: null };
  } catch (error) {
    return { waybills: [], total: 0, error: platformMessage(error) };
  }
};
