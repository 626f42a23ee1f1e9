/**
 * The code lists (代码集) the ministry exchange messages carry, each one table with the standard it comes
 * from. The vehicle and driver forms offer them, the message builders (platform/submission/messages.ts)
 * check every coded field against them before a message is sent, and the report stand-in refuses a
 * value outside them with 3005, naming the field. docs/design/submission.md lists them with their
 * sources and the choices made where the interface documents were not at hand.
 */

export interface CodeList<K extends string = string> {
  /** 中文名 of the list, as a refusal names it. */
  title: string;
  /** The standard (or interface document) the codes come from. */
  source: string;
  codes: Readonly<Record<K, { label: string }>>;
}

const list = <const C extends Record<string, string>>(title: string, source: string, codes: C): CodeList<Extract<keyof C, string>> => ({
  title,
  source,
  codes: Object.fromEntries(Object.entries(codes).map(([code, label]) => [code, { label }])) as Record<Extract<keyof C, string>, { label: string }>,
});

/** 车牌颜色代码 (VehiclePlateColorCode). */
export const PLATE_COLOR_LIST = list("车牌颜色代码", "JT/T 697.7-2014 车牌颜色代码，网络货运信息交互系统代码集增补 93、94", {
  "1": "蓝色", "2": "黄色", "3": "黑色", "4": "白色", "5": "绿色", "9": "其他", "91": "农黄色", "92": "农绿色", "93": "黄绿色", "94": "渐变绿",
});

/** 车辆能源类型 (VehicleEnergyType). */
export const ENERGY_TYPE_LIST = list("车辆能源类型代码", "GA 24.9 机动车登记信息代码 燃料种类", {
  A: "汽油", B: "柴油", C: "电", D: "混合油", E: "天然气", F: "液化石油气", L: "甲醇", M: "乙醇", N: "太阳能", O: "混合动力", Y: "无", Z: "其他",
});

/**
 * 车辆类型代码 (VehicleType): the goods-vehicle classes of the motor vehicle type code (货车 H, 牵引车 Q,
 * 半挂车 B, 全挂车 G, 专项作业车 Z, 三轮汽车 N). Our vehicles keep the type's name; the message sends its code.
 */
export const VEHICLE_TYPE_LIST = list("车辆类型代码", "GA 24.4 机动车类型代码（GA 802 机动车类型 货车部分）", {
  H11: "重型普通货车", H12: "重型厢式货车", H13: "重型封闭货车", H14: "重型罐式货车", H15: "重型平板货车", H16: "重型集装厢车", H17: "重型自卸货车", H18: "重型特殊结构货车", H19: "重型仓栅式货车",
  H1A: "重型车辆运输车", H1B: "重型厢式自卸货车", H1C: "重型罐式自卸货车", H1D: "重型平板自卸货车", H1E: "重型集装厢自卸货车", H1F: "重型特殊结构自卸货车", H1G: "重型仓栅式自卸货车",
  H21: "中型普通货车", H22: "中型厢式货车", H23: "中型封闭货车", H24: "中型罐式货车", H25: "中型平板货车", H26: "中型集装厢车", H27: "中型自卸货车", H28: "中型特殊结构货车", H29: "中型仓栅式货车",
  H2A: "中型车辆运输车", H2B: "中型厢式自卸货车", H2C: "中型罐式自卸货车", H2D: "中型平板自卸货车", H2E: "中型集装厢自卸货车", H2F: "中型特殊结构自卸货车", H2G: "中型仓栅式自卸货车",
  H31: "轻型普通货车", H32: "轻型厢式货车", H33: "轻型封闭货车", H34: "轻型罐式货车", H35: "轻型平板货车", H37: "轻型自卸货车", H38: "轻型特殊结构货车", H39: "轻型仓栅式货车",
  H3A: "轻型车辆运输车", H3B: "轻型厢式自卸货车", H3C: "轻型罐式自卸货车", H3D: "轻型平板自卸货车", H3F: "轻型特殊结构自卸货车", H3G: "轻型仓栅式自卸货车",
  H41: "微型普通货车", H42: "微型厢式货车", H43: "微型封闭货车", H44: "微型罐式货车", H45: "微型自卸货车", H46: "微型特殊结构货车", H47: "微型仓栅式货车",
  H51: "普通低速货车", H52: "厢式低速货车", H53: "罐式低速货车", H54: "自卸低速货车", H55: "仓栅式低速货车",
  Q11: "重型半挂牵引车", Q12: "重型全挂牵引车", Q21: "中型半挂牵引车", Q22: "中型全挂牵引车", Q31: "轻型半挂牵引车", Q32: "轻型全挂牵引车",
  B11: "重型普通半挂车", B12: "重型厢式半挂车", B13: "重型罐式半挂车", B14: "重型平板半挂车", B15: "重型集装箱半挂车", B16: "重型自卸半挂车", B17: "重型特殊结构半挂车", B18: "重型仓栅式半挂车", B19: "重型旅居半挂车", B1A: "重型专项作业半挂车", B1B: "重型低平板半挂车",
  B21: "中型普通半挂车", B22: "中型厢式半挂车", B23: "中型罐式半挂车", B24: "中型平板半挂车", B25: "中型集装箱半挂车", B26: "中型自卸半挂车", B27: "中型特殊结构半挂车", B28: "中型仓栅式半挂车",
  B31: "轻型普通半挂车", B32: "轻型厢式半挂车", B33: "轻型罐式半挂车", B34: "轻型平板半挂车", B35: "轻型自卸半挂车", B36: "轻型仓栅式半挂车",
  G11: "重型普通全挂车", G12: "重型厢式全挂车", G13: "重型罐式全挂车", G14: "重型平板全挂车", G15: "重型集装箱全挂车", G16: "重型自卸全挂车", G17: "重型仓栅式全挂车",
  G21: "中型普通全挂车", G22: "中型厢式全挂车", G23: "中型罐式全挂车", G24: "中型平板全挂车", G25: "中型集装箱全挂车", G26: "中型自卸全挂车", G27: "中型仓栅式全挂车",
  G31: "轻型普通全挂车", G32: "轻型厢式全挂车", G33: "轻型罐式全挂车", G34: "轻型平板全挂车", G35: "轻型自卸全挂车",
  Z11: "大型专项作业车", Z21: "中型专项作业车", Z31: "小型专项作业车", Z41: "微型专项作业车", Z51: "重型专项作业车", Z71: "轻型专项作业车",
  N11: "三轮汽车",
});

/** 准驾车型 (VehicleClass): the driving licence classes and their codes. */
export const VEHICLE_CLASS_LIST = list("准驾车型代号", "《机动车驾驶证申领和使用规定》（公安部令第 162 号）附件 准驾车型及代号，GA 482", {
  A1: "A1 大型客车", A2: "A2 牵引车", A3: "A3 城市公交车", B1: "B1 中型客车", B2: "B2 大型货车", C1: "C1 小型汽车", C2: "C2 小型自动挡汽车", C3: "C3 低速载货汽车", C4: "C4 三轮汽车",
  C5: "C5 残疾人专用小型自动挡载客汽车", C6: "C6 轻型牵引挂车", D: "D 普通三轮摩托车", E: "E 普通二轮摩托车", F: "F 轻便摩托车", M: "M 轮式自行机械车", N: "N 无轨电车", P: "P 有轨电车",
});

/** 使用性质 (UseCharacter): sent as the name the 行驶证 prints; the codes are GA 24.3's. */
export const USE_CHARACTER_LIST = list("使用性质", "GA 24.3 机动车使用性质代码（报文填写行驶证上的名称）", {
  A: "非营运", F: "货运", G: "租赁", K: "工程救险", L: "营转非", R: "危化品运输", Z: "其他",
});

/** 货物类型分类代码 (CargoTypeClassificationCode). */
export const CARGO_CLASS_LIST = list("货物类型分类代码", "网络货运信息交互系统代码集 货物类型分类代码（交通运输部 道路货物分类）", {
  "0100": "煤炭及制品", "0200": "石油、天然气及制品", "0300": "金属矿石", "0400": "钢铁", "0500": "矿建材料", "0600": "水泥", "0700": "木材", "0800": "非金属矿石", "0900": "化肥及农药", "1000": "盐",
  "1100": "粮食", "1200": "机械、设备、电器", "1300": "轻工原料及制品", "1400": "有色金属", "1500": "轻工医药产品", "1601": "鲜活农产品", "1602": "冷藏冷冻货物", "1701": "商品汽车", "1700": "其他",
});

/** 运输组织类型代码 (TransportTypeCode). */
export const TRANSPORT_TYPE_LIST = list("运输组织类型代码", "网络货运信息交互系统代码集 运输组织类型代码", {
  "1": "公路运输", "2": "公铁联运", "3": "公水联运", "4": "公空联运", "5": "公铁水联运", "6": "公铁空联运", "7": "公水空联运", "8": "公铁水空联运",
});

/** 业务类型代码 (BusinessTypeCode). */
export const BUSINESS_TYPE_LIST = list("业务类型代码", "网络货运信息交互系统代码集 业务类型代码", {
  "1002996": "干线普货运输", "1003997": "城市配送", "1003998": "农村配送", "1002998": "集装箱运输", "1003999": "其他",
});

/**
 * 付款方式代码 (PaymentMeansCode): the exchange's list follows the UN/EDIFACT 4461 payment means codes;
 * the entries a network freight platform pays with. A payment into the payee's wallet (an account at
 * the platform's custody bank) is 42, payment to a bank account.
 */
export const PAYMENT_MEANS_LIST = list("付款方式代码", "网络货运信息交互系统代码集 付款方式代码（UN/EDIFACT 4461 支付方式代码）", {
  "10": "现金", "20": "支票", "30": "贷记转账", "31": "借记转账", "42": "银行账户转账", "48": "银行卡", "49": "直接借记", "97": "第三方支付平台",
});

/** 银行代码 (BankCode): the bank category (行别) codes of the 中国人民银行 payment system. */
export const BANK_CODE_LIST = list("银行代码", "中国人民银行 大额支付系统行别代码（CNAPS 行号前三位）", {
  "102": "中国工商银行", "103": "中国农业银行", "104": "中国银行", "105": "中国建设银行", "301": "交通银行", "302": "中信银行", "303": "中国光大银行", "304": "华夏银行", "305": "中国民生银行",
  "306": "广发银行", "307": "平安银行", "308": "招商银行", "309": "兴业银行", "310": "上海浦东发展银行", "313": "城市商业银行", "314": "农村商业银行", "315": "恒丰银行", "316": "浙商银行",
  "317": "农村合作银行", "318": "渤海银行", "319": "徽商银行", "402": "农村信用社", "403": "中国邮政储蓄银行",
});

/** The wallet payment's means (see PAYMENT_MEANS_LIST). */
export const WALLET_PAYMENT_MEANS = "42";

/** Every list, for the documentation table and the tests. */
export const CODE_LISTS = {
  PLATE_COLOR_LIST, ENERGY_TYPE_LIST, VEHICLE_TYPE_LIST, VEHICLE_CLASS_LIST, USE_CHARACTER_LIST, CARGO_CLASS_LIST, TRANSPORT_TYPE_LIST, BUSINESS_TYPE_LIST, PAYMENT_MEANS_LIST, BANK_CODE_LIST,
} as const;

export const inList = (codeList: CodeList, code: string): boolean => Object.hasOwn(codeList.codes, code);

/** The code of a name in the list (or of the code itself), else null: 重型半挂牵引车 → Q11. */
export function codeOfName(codeList: CodeList, value: string): string | null {
  if (inList(codeList, value)) return value;
  return Object.entries(codeList.codes).find(([, { label }]) => label === value)?.[0] ?? null;
}

/** Whether a 准驾车型 (one or more codes, as a licence prints them: A2、A2D, B2 E) names only known classes. */
export function isVehicleClass(value: string): boolean {
  const codes = Object.keys(VEHICLE_CLASS_LIST.codes).sort((a, b) => b.length - a.length);
  let rest = value.toUpperCase().replace(/[\s,，、/]/g, "");
  if (!rest) return false;
  while (rest) {
    const code = codes.find((c) => rest.startsWith(c));
    if (!code) return false;
    rest = rest.slice(code.length);
  }
  return true;
}

/** Names banks go by (as bank cards record them) and their 行别代码. */
const BANK_NAMES: ReadonlyArray<readonly [string, string]> = [
  ["工商银行", "102"], ["农业银行", "103"], ["建设银行", "105"], ["交通银行", "301"], ["中信银行", "302"], ["光大银行", "303"], ["华夏银行", "304"], ["民生银行", "305"],
  ["广发银行", "306"], ["平安银行", "307"], ["招商银行", "308"], ["兴业银行", "309"], ["浦发银行", "310"], ["浦东发展银行", "310"], ["恒丰银行", "315"], ["浙商银行", "316"],
  ["渤海银行", "318"], ["徽商银行", "319"], ["邮政储蓄", "403"], ["农村商业银行", "314"], ["农商银行", "314"], ["农村信用", "402"], ["中国银行", "104"],
];

/** The bank code of a bank's name (工商银行 → 102); "" when unknown. */
export function bankCodeOf(bankName: string | null | undefined): string {
  if (!bankName) return "";
  return BANK_NAMES.find(([name]) => bankName.includes(name))?.[1] ?? "";
}
