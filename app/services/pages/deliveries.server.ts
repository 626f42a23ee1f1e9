/**
 * Loaders of 发货 and 运输任务 (订单管理): a delivery note's and a transport task's waybills next to their
 * detail, and the list routes that also show one record with `?id=` (delivery notes and containers
 * have no detail route of their own in the route map).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { linkedWaybill, type LinkedWaybillRecord } from "../../../contract/resources/delivery";
import { idOfRequest, type DetailPage, type ListPage } from "~/pages/kit";
import { platformMessage } from "../page-data.server";
import { detailLoader, listLoader, recordAction, type DetailExtra } from "../resource-pages.server";
import { resourcesApi } from "../resources.server";
import { LARGEST_PAGE } from "~/lib/paging";

export interface LinkedWaybills {
  waybills: LinkedWaybillRecord[];
  total: number;
  error: string | null;
}

/** The waybills dispatched against a delivery note (`deliveryId`) or under a transport task (`taskId`). */
export const waybillsBy =
  (key: "deliveryId" | "taskId"): DetailExtra =>
  async (user, record): Promise<LinkedWaybills> => {
    try {
      const page = await resourcesApi.search(user, linkedWaybill, { [key]: record.id }, LARGEST_PAGE);
      return { waybills: page.records as unknown as LinkedWaybillRecord[], total: page.total, error: null };
    } catch (error) {
      return { waybills: [], total: 0, error: platformMessage(error) };
    }
  };

type Args = LoaderFunctionArgs | ActionFunctionArgs;
const showsOne = ({ params, request }: Args) => idOfRequest(params, new URL(request.url)) !== null;

/** The list, or with `?id=` one record's detail (with `extra`). Called inside the route's loader, never at module load. */
export function listOrDetailLoader(list: ListPage, detail: DetailPage, args: LoaderFunctionArgs, extra?: DetailExtra) {
  return showsOne(args) ? detailLoader(detail, args, { extra }) : listLoader(list, args);
}

export function listOrDetailAction(list: ListPage, detail: DetailPage, args: ActionFunctionArgs) {
  return recordAction(showsOne(args) ? detail : list, args);
}
