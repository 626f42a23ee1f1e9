/**
 * The shipper binding (domain 1.8, 2.7): org-scoped `shippers`. Hooks keep the identity fields right for
 * the kind (企业: 统一社会信用代码; 个人: 身份证号), one shipper per identity in an organisation, the credit
 * limit of 授信 shippers, and the `tax_complete` flag (开票信息完整) the audit list shows.
 */
import { idNoHash } from "../db/personal.js";
import { shipper } from "../../contract/resources/shipper.js";
import { bindResource, orgScope, type AnyDb } from "../resources/bind.js";
import { blank, invalid, liveReferences, liveRowExists, taken } from "./org-rules.js";

/** 开票信息完整: a company needs 抬头, 税号, 地址, 电话, 开户行 and 账号 (专票); a person only the 抬头 (普票). */
export function taxCompleteOf(row: Record<string, unknown>): number {
  if (blank(row.tax_title)) return 0;
  if (row.kind === "PERSON") return 1;
  return ["tax_no", "tax_address", "tax_phone", "tax_bank_name", "tax_bank_account"].every((c) => !blank(row[c])) ? 1 : 0;
}

function checkSettlement(row: Record<string, unknown>, values: Record<string, unknown>): void {
  if (row.settle_mode === "CREDIT") {
    if (blank(row.credit_limit) || Number(row.credit_limit) <= 0) throw invalid("结算方式为授信时请填写授信额度（大于 0）");
  } else if (!blank(row.credit_limit)) {
    values.credit_limit = null;
  }
}

async function checkIdentity(trx: AnyDb, values: Record<string, unknown>): Promise<void> {
  if (values.kind === "COMPANY") {
    if (blank(values.credit_code)) throw invalid("企业托运人请填写统一社会信用代码");
    values.id_card_no = null;
    if (await liveRowExists(trx, "shippers", { org_id: values.org_id, credit_code: values.credit_code })) throw taken(`统一社会信用代码 ${String(values.credit_code)} 的托运人已存在`);
  } else {
    if (blank(values.id_card_no)) throw invalid("个人托运人请填写身份证号");
    values.credit_code = null;
    values.legal_person = null;
    if (await liveRowExists(trx, "shippers", { org_id: values.org_id, id_card_no_hash: idNoHash(String(values.id_card_no)) })) throw taken("该身份证号的托运人已存在");
  }
}

export const shipperBinding = bindResource(shipper, {
  table: "shippers",
  scope: orgScope(),
  number: { field: "shipperNo", prefix: "TY" },
  hooks: {
    beforeCreate: async (trx, _scope, values) => {
      await checkIdentity(trx, values);
      checkSettlement(values, values);
      values.tax_complete = taxCompleteOf(values);
    },
    beforeUpdate: async (_trx, _scope, before, values) => {
      const after = { ...before, ...values };
      checkSettlement(after, values);
      values.tax_complete = taxCompleteOf({ ...after, ...values });
    },
    beforeDelete: async (trx, _scope, row) => {
      const units = await liveReferences(trx, "settlement_units", "shipper_id", row.id);
      const projects = await liveReferences(trx, "projects", "shipper_id", row.id);
      if (units + projects > 0) throw taken(`托运人 ${String(row.name)} 下还有${units ? ` ${units} 个核算单位` : ""}${projects ? ` ${projects} 个项目` : ""}，不能删除`);
    },
  },
});
