/**
 * The shipowner binding (domain 1.7): org-scoped, water only. A person needs 身份证号 and 手机号, a
 * company 统一社会信用代码, 联系人 and 联系电话; the other kind's fields are cleared. One shipowner per
 * ID number or credit code in an organisation.
 */
import { RefusalCode } from "../../contract/envelope.js";
import { shipowner } from "../../contract/resources/shipowner.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, orgScope, type AnyDb } from "../resources/bind.js";
import { maskIdNo } from "../../contract/personal.js";
import { hashColumn, idNoHash, isSealedId } from "../db/personal.js";

const PERSON_COLUMNS = { id_card_no: "身份证号", mobile: "手机号" } as const;
const COMPANY_COLUMNS = { credit_code: "统一社会信用代码", contact_name: "联系人", contact_mobile: "联系电话" } as const;
const COMPANY_ONLY = ["credit_code", "legal_person", "registered_address", "contact_name", "contact_mobile", "water_permit_no"] as const;
const PERSON_ONLY = ["id_card_no", "mobile", "address"] as const;

/** Requires the chosen kind's fields (Chinese message naming the missing ones) and clears the other kind's. */
function checkKind(row: Record<string, unknown>, values: Record<string, unknown>): void {
  const person = row.kind === "PERSON";
  const required = person ? PERSON_COLUMNS : COMPANY_COLUMNS;
  const missing = Object.entries(required).filter(([column]) => row[column] == null || String(row[column]).trim() === "").map(([, label]) => label);
  if (missing.length) throw new Refusal(RefusalCode.invalid, `${person ? "个人" : "企业"}船东须填写${missing.join("、")}`);
  for (const column of person ? COMPANY_ONLY : PERSON_ONLY) if (row[column] != null) values[column] = null;
}

async function checkDuplicate(trx: AnyDb, row: Record<string, unknown>, exceptId: number | null): Promise<void> {
  const column = row.kind === "PERSON" ? "id_card_no" : "credit_code";
  const value = row[column];
  if (value == null) return;
  // An ID number is compared by its keyed hash (the stored one of an unchanged row, else the typed number's).
  const personal = column === "id_card_no";
  const hash = personal ? (isSealedId(value) ? row[hashColumn(column)] : idNoHash(String(value))) : null;
  let query = trx.selectFrom("shipowners").select("name").where("org_id", "=", Number(row.org_id)).where(personal ? hashColumn(column) : column, "=", personal ? String(hash) : String(value)).where("deleted_at", "is", null);
  if (exceptId !== null) query = query.where("id", "<>", exceptId);
  const other = await query.executeTakeFirst();
  if (other) {
    const shown = personal ? `身份证号 ${isSealedId(value) ? String(row.id_card_no_mask) : maskIdNo(String(value))}` : `统一社会信用代码 ${String(value)}`;
    throw new Refusal(RefusalCode.illegalState, `本企业已登记${shown}的船东「${other.name}」`);
  }
}

export const shipownerBinding = bindResource(shipowner, {
  table: "shipowners",
  scope: orgScope(),
  water: true,
  hooks: {
    beforeCreate: async (trx, _scope, values) => {
      checkKind(values, values);
      await checkDuplicate(trx, values, null);
    },
    beforeUpdate: async (trx, _scope, before, values) => {
      const row = { ...before, ...values };
      checkKind(row, values);
      await checkDuplicate(trx, { ...before, ...values }, before.id);
    },
  },
});
