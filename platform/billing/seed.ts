/**
 * Demo invoicing and tax, produced through the same calls the console makes: two invoicing companies,
 * more paid waybills (through the ledger, so `ledger:check` holds), applications in every state
 * (issued and mailed last month, red-flushed this month, waiting for audit, a draft), input tickets,
 * the declarations of last month (paid) and this month (draft), and the declaration log.
 */
import { creditCodeWithCheck } from "../../contract/validation.js";
import { addDays, chinaDate, chinaLocalToIso } from "../../contract/units.js";
import type { ServiceContext } from "../context.js";
import type { Db } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";
import { payWaybills } from "../ledger/flows.js";
import type { Binding } from "../resources/bind.js";
import { createResource, transitionResource } from "../resources/write.js";
import type { CallerScope } from "../scope.js";
import { applyForInvoice } from "./applications.js";
import { declareLogBinding, inputTaxTicketBinding, invoiceApplicationBinding, invoiceBinding, invoiceCompanyBinding, vatDeclarationBinding } from "./billing.resource.js";
import { previousPeriod } from "../../contract/billing.js";
import { demoScopes } from "../db/seed-scopes.js";
import { refuseCapitalFlows, reportPaidWaybills } from "../submission/seed.js";

let serial = 0;
const requestNo = () => `SEED-BILLING-${String(++serial).padStart(4, "0")}`;

export async function seedBilling(db: Db, ids: SeedIds): Promise<void> {
  const k = db.kysely;
  const ctx = { db, log: { error() {}, warn() {}, info() {} } } as unknown as ServiceContext;
  const { scopeOf } = await demoScopes(db, ids);
  const system = scopeOf("SYSTEM_USER");
  const orgUser = scopeOf("ORG_USER");
  const create = async (binding: Binding, body: Record<string, unknown>) => (await createResource(ctx, binding, system, body)) as { id: number };
  const move = (binding: Binding, scope: CallerScope, id: number, key: string, input: Record<string, unknown> = {}) => transitionResource(ctx, binding, scope, id, key, input);

  const company = (name: string, serialNo: number, account: string) => ({
    name,
    creditCode: creditCodeWithCheck(`91340300MA2P${String(serialNo).padStart(5, "0")}`),
    roadPermitNo: `皖交运管许可蚌字340300${String(serialNo).padStart(6, "0")}号`,
    taxAddress: "安徽省蚌埠市龙子湖区东海大道 4588 号",
    taxPhone: "0552-3176000",
    taxBankName: "中国工商银行蚌埠分行营业部",
    taxBankAccount: account,
    freightTaxRateBp: 900,
    serviceTaxRateBp: 600,
    agentLevyRateBp: 100,
    maxInvoiceAmount: 1_000_000,
    limitBasis: "INCL_TAX",
    drawer: "周会计",
    reviewer: "吴复核",
    payee: "郑出纳",
    goodsNameRoad: "*运输服务*国内道路货物运输服务",
    goodsNameWater: "*运输服务*国内水路货物运输服务",
    goodsNameService: "*信息技术服务*信息服务费",
    collectAccountName: name,
    collectAccountNo: account,
    collectBank: "中国工商银行蚌埠分行营业部",
  });
  const main = await create(invoiceCompanyBinding, company("皖粮网络货运（蚌埠）有限公司", 10001, "1303010109200088661"));
  await create(invoiceCompanyBinding, company("皖粮供应链管理（合肥）有限公司", 10002, "1302010109200077552"));

  // More paid waybills: the ledger's demo paid five; pay the next completed road waybills of registered payees.
  const orgId = ids.orgIds[0]!;
  const unpaid = await k
    .selectFrom("freights as f")
    .leftJoin("waybill_settlements as s", "s.freight_id", "f.id")
    .select("f.id")
    .where("f.org_id", "=", orgId)
    .where("f.status", "=", "COMPLETED")
    .where("f.freight_way", "=", "ROAD")
    .where("f.carrier_user_id", "is not", null)
    .where((eb) => eb.or([eb("s.id", "is", null), eb("s.pay_status", "=", "UNPAID")]))
    .orderBy("f.complete_time")
    .limit(8)
    .execute();
  if (unpaid.length > 0) await payWaybills(db, orgUser, { requestNo: requestNo(), freightIds: unpaid.map((f) => Number(f.id)) });

  // Paid waybills by shipper, oldest first: each application bundles one shipper's.
  const allPaid = await k
    .selectFrom("freights as f")
    .innerJoin("waybill_settlements as s", "s.freight_id", "f.id")
    .select(["f.id", "f.shipper_name"])
    .where("f.org_id", "=", orgId)
    .where("s.pay_status", "=", "PAID")
    .where("s.invoice_status", "=", "NOT_INVOICED")
    .orderBy("f.complete_time")
    .execute();
  // 开票须上报成功: all but the two newest are reported to the province. The province refused those two's
  // 资金流水单, which the sender job does not retry, so 新开票列表 shows them greyed with the reason whenever
  // the demo is looked at (left PENDING, the job would send them within a minute of the platform starting).
  const paid = allPaid.slice(0, Math.max(0, allPaid.length - 2));
  await reportPaidWaybills(k, system.platformId, paid.map((f) => Number(f.id)));
  const held = allPaid.slice(paid.length).map((f) => Number(f.id));
  await reportPaidWaybills(k, system.platformId, held);
  await refuseCapitalFlows(k, held);
  const byShipper = new Map<string, number[]>();
  for (const f of paid) byShipper.set(f.shipper_name, [...(byShipper.get(f.shipper_name) ?? []), Number(f.id)]);
  const pool = [...byShipper.values()].sort((a, b) => b.length - a.length).flat();
  const apply = (freightIds: number[], invoiceType = "DIGITAL_NORMAL") =>
    applyForInvoice(db, orgUser, { requestNo: requestNo(), freightIds, invoiceCompanyId: main.id, invoiceType: invoiceType as "DIGITAL_NORMAL", deliveryMethod: "EMAIL" });
  const sameShipper = async (n: number) => {
    const first = pool[0];
    if (first === undefined) return [];
    const shipper = paid.find((p) => Number(p.id) === first)!.shipper_name;
    const chosen = pool.filter((id) => paid.find((p) => Number(p.id) === id)!.shipper_name === shipper).slice(0, n);
    for (const id of chosen) pool.splice(pool.indexOf(id), 1);
    return chosen;
  };

  const today = chinaDate();
  const lastMonthDay = `${previousPeriod(today.slice(0, 7))}-20`;
  let number = 24_342_000_000_000_100_000n;
  const nextNumbers = (count: number) => {
    const first = number.toString();
    number += BigInt(count);
    return first;
  };

  // Issued last month and mailed.
  const issued = await sameShipper(3);
  if (issued.length) {
    const a = await apply(issued);
    await move(invoiceApplicationBinding, orgUser, a.id, "submit");
    await move(invoiceApplicationBinding, system, a.id, "approve", { auditRemark: "运单、资金流水已核对" });
    await move(invoiceApplicationBinding, system, a.id, "issue", { issueDate: lastMonthDay, firstInvoiceNo: nextNumbers(3) });
    await move(invoiceApplicationBinding, system, a.id, "mail", { expressCompany: "顺丰速运", expressNo: "SF1402233456789" });
  }
  // Issued this month, then red-flushed (its waybills are free to apply again).
  const flushed = await sameShipper(1);
  if (flushed.length) {
    const a = await apply(flushed);
    await move(invoiceApplicationBinding, orgUser, a.id, "submit");
    await move(invoiceApplicationBinding, system, a.id, "approve");
    await move(invoiceApplicationBinding, system, a.id, "issue", { issueDate: today, firstInvoiceNo: nextNumbers(1) });
    const inv = await k.selectFrom("invoices").select("id").where("application_id", "=", a.id).executeTakeFirstOrThrow();
    await move(invoiceBinding, system, Number(inv.id), "redFlush", { redInfoNo: "3401002611000012345", flushReason: "购方名称有误，重新开具" });
  }
  // Waiting for audit, approved waiting for issue, and a draft.
  const waiting = await sameShipper(2);
  if (waiting.length) {
    const a = await apply(waiting);
    await move(invoiceApplicationBinding, orgUser, a.id, "submit");
  }
  const approved = await sameShipper(1);
  if (approved.length) {
    const a = await apply(approved);
    await move(invoiceApplicationBinding, orgUser, a.id, "submit");
    await move(invoiceApplicationBinding, system, a.id, "approve");
  }
  const draft = await sameShipper(1);
  if (draft.length) await apply(draft);

  // Input tickets: two certified for last month, one this month, one waiting, one abnormal.
  const ticket = async (category: string, sellerName: string, sellerTaxNo: string, excl: number, rate: number, issueDate: string, n: number) =>
    create(inputTaxTicketBinding, {
      invoiceCompanyId: main.id,
      category,
      ticketType: category === "ETC" ? "TOLL_E_INVOICE" : "DIGITAL_SPECIAL",
      invoiceNo: `2434200000000020${String(n).padStart(4, "0")}`,
      issueDate,
      sellerName,
      sellerTaxNo,
      amountExclTax: excl,
      taxRateBp: rate,
      amountInclTax: excl + Math.round((excl * rate) / 10_000),
    });
  const lastMonthStart = `${previousPeriod(today.slice(0, 7))}-05`;
  const fuel = await ticket("FUEL", "中国石化销售股份有限公司安徽蚌埠石油分公司", "91340300705012345X", 1_200_000, 1300, lastMonthStart, 1);
  await move(inputTaxTicketBinding, system, fuel.id, "certify", { certifiedOn: lastMonthDay });
  const etc = await ticket("ETC", "安徽省高速公路联网运营有限公司", "913400007049811234", 86_000, 300, lastMonthStart, 2);
  await move(inputTaxTicketBinding, system, etc.id, "certify", { certifiedOn: lastMonthDay });
  const carrier = await ticket("CARRIER", "合肥恒通物流有限公司", "91340100MA2N1002XA", 450_000, 900, today.slice(0, 8) + "01", 3);
  await move(inputTaxTicketBinding, system, carrier.id, "certify", { certifiedOn: today });
  await ticket("REPAIR", "蚌埠市通达汽车维修有限公司", "91340300MA2N9876XB", 35_000, 1300, addDays(today, -2), 4);
  const odd = await ticket("OTHER", "蚌埠市某商贸有限公司", "91340300MA2N5555XC", 20_000, 600, addDays(today, -3), 5);
  await move(inputTaxTicketBinding, system, odd.id, "markAbnormal", { handleRemark: "销方状态异常（走逃失联），暂不抵扣" });

  // Declarations: last month declared and paid, this month a draft.
  const previous = await create(vatDeclarationBinding, { invoiceCompanyId: main.id, period: previousPeriod(today.slice(0, 7)) });
  await move(vatDeclarationBinding, system, previous.id, "confirm");
  await move(vatDeclarationBinding, system, previous.id, "declare", { declaredOn: `${today.slice(0, 7)}-10` < today ? `${today.slice(0, 7)}-10` : today, remark: "电子税务局申报" });
  await move(vatDeclarationBinding, system, previous.id, "pay", { voucherNo: "SJ3403002611100001" });
  await create(vatDeclarationBinding, { invoiceCompanyId: main.id, period: today.slice(0, 7) });

  // The declaration log of last month's withheld taxes (代开/代征).
  const drivers = await k.selectFrom("freight_drivers").select(["name", "id_card_no"]).where("org_id", "=", orgId).where("id_card_no", "is not", null).orderBy("id").limit(3).execute();
  for (const [i, d] of drivers.entries()) {
    await create(declareLogBinding, {
      period: previousPeriod(today.slice(0, 7)),
      invoiceCompanyId: main.id,
      personName: d.name,
      idCardNo: d.id_card_no,
      taxType: i === 2 ? "PIT" : "VAT",
      incomeAmount: 1_860_000 + i * 125_000,
      taxAmount: i === 2 ? 9_300 : 18_600 + i * 1_250,
      declaredAt: chinaLocalToIso(`${today.slice(0, 7)}-08T10:00`)!,
      result: i === 1 ? "FAILED" : "SUCCESS",
      taxVoucherNo: i === 1 ? undefined : `WS34030026${String(110000 + i)}`,
      responseMessage: i === 1 ? "纳税人身份信息校验不通过" : "申报成功",
    });
  }
}
