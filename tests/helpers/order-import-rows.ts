/** A valid 订单导入 row (template headers → cell text) for the given shipper and cargo names; `extra` overrides cells. */
export function importRow(names: { shipper: string; cargo: string }, externalNo: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    原始单号: externalNo,
    运输方式: "公路运输",
    业务模式: "自营",
    托运人名称: names.shipper,
    货物名称: names.cargo,
    业务类型: "干线普货运输",
    收货方: "合肥市粮食收储有限公司",
    装货地: "蚌埠中心粮库",
    装货详细地址: "安徽省蚌埠市淮上区沫河口工业园 8 号",
    卸货地: "合肥北粮库",
    卸货详细地址: "安徽省合肥市庐阳区北城大道 100 号",
    "运输里程(公里)": "160",
    "计划重量(吨)": "500.5",
    "承运单价(元/吨)": "85",
    "托运单价(元/吨)": "90",
    结算依据: "较小值",
    ...extra,
  };
}
