/** The waybill columns the 数据报送 list and detail share, in the engine's field dialect, named by the way (司机/车牌 or 船长/船名). */
import { f } from "../../../contract/resources/kit";

const TEXT = 64;

export type Way = "ROAD" | "WATER";

export function waybillColumns(way: Way) {
  const water = way === "WATER";
  return [
    ["freightNo", f.text("运单号", TEXT)],
    ["orderNo", f.text("订单号", TEXT)],
    ["carrierName", f.text(water ? "船长" : "司机", TEXT)],
    ["conveyanceName", f.text(water ? "船名" : "车牌", TEXT)],
    ["completeTime", f.datetime("完成时间")],
  ] as const;
}
