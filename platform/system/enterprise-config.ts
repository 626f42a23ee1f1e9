/**
 * 企业配置 (domain 6.7) for the rest of the platform: `enterpriseConfigOf(db, orgId)` answers an
 * organisation's configuration, with the documented defaults for any organisation without a row, so
 * orders, settlements and payments read one shape (e.g. `defaultBusinessMode` for a new order).
 * `ensureEnterpriseConfig` creates the defaults row (the row's id is the organisation's id, so the edit
 * page's `?orgId=` addresses it directly).
 */
import type { Selectable } from "kysely";
import type { BusinessMode } from "../../contract/resources/system-ops.js";
import { nowIso } from "../db/index.js";
import type { AnyDb } from "../resources/bind.js";
import type { EnterpriseConfigsTable } from "./schema.js";

type Columns = Omit<Selectable<EnterpriseConfigsTable>, "enterprise_name" | "id" | "platform_id" | "tenant_id" | "org_id" | "owner_user_id" | "created_at" | "created_by" | "updated_by" | "updated_at" | "version" | "deleted_at">;

/** Domain 6.7's defaults. */
export const ENTERPRISE_CONFIG_DEFAULTS: Columns = {
  business_modes: "SELF_OPERATED",
  default_business_mode: "SELF_OPERATED",
  ticket_type: "ONE_TICKET",
  service_fee_bp: 0,
  tax_reserve_bp: 0,
  withhold_bp: 0,
  invoice_requires_report: 1,
  settle_basis: "MIN",
  wipe_mode: "NONE",
  loss_allowance_bp: 30,
  allow_edit_carrier_payable: 0,
  payment_requires_audit: 1,
  single_payment_max: 0,
  allow_uncertified_dispatch: 0,
  supply_requires_audit: 0,
  require_loading_proof: 1,
  require_unloading_proof: 1,
  driver_must_bind_card: 0,
  settle_cycle: "PREPAID",
  credit_limit: 0,
  prepay_allowed: 0,
  overload_tolerance_bp: 500,
};

export interface EnterpriseConfig {
  orgId: number;
  /** Whether the organisation has its own row (false: every value is a default). */
  configured: boolean;
  businessModes: BusinessMode[];
  defaultBusinessMode: BusinessMode;
  ticketType: string;
  serviceFeeBp: number;
  taxReserveBp: number;
  withholdBp: number;
  invoiceRequiresReport: boolean;
  settleBasis: "LOADED" | "UNLOADED" | "MIN";
  wipeMode: "NONE" | "JIAO" | "YUAN";
  lossAllowanceBp: number;
  allowEditCarrierPayable: boolean;
  paymentRequiresAudit: boolean;
  /** fen; 0 = 不限. */
  singlePaymentMax: number;
  allowUncertifiedDispatch: boolean;
  supplyRequiresAudit: boolean;
  requireLoadingProof: boolean;
  requireUnloadingProof: boolean;
  driverMustBindCard: boolean;
  settleCycle: "PREPAID" | "MONTHLY";
  /** fen. */
  creditLimit: number;
  prepayAllowed: boolean;
  /** 超载容差 in basis points of the plan (500 = 5 %). */
  overloadToleranceBp: number;
}

function toConfig(orgId: number, configured: boolean, c: Columns): EnterpriseConfig {
  const modes: BusinessMode[] = c.business_modes === "BOTH" ? ["SELF_OPERATED", "MATCHMAKING"] : [c.business_modes as BusinessMode];
  const wanted = c.default_business_mode as BusinessMode;
  return {
    orgId,
    configured,
    businessModes: modes,
    defaultBusinessMode: modes.includes(wanted) ? wanted : modes[0]!,
    ticketType: c.ticket_type,
    serviceFeeBp: Number(c.service_fee_bp),
    taxReserveBp: Number(c.tax_reserve_bp),
    withholdBp: Number(c.withhold_bp),
    invoiceRequiresReport: Number(c.invoice_requires_report) === 1,
    settleBasis: c.settle_basis as EnterpriseConfig["settleBasis"],
    wipeMode: c.wipe_mode as EnterpriseConfig["wipeMode"],
    lossAllowanceBp: Number(c.loss_allowance_bp),
    allowEditCarrierPayable: Number(c.allow_edit_carrier_payable) === 1,
    paymentRequiresAudit: Number(c.payment_requires_audit) === 1,
    singlePaymentMax: Number(c.single_payment_max),
    allowUncertifiedDispatch: Number(c.allow_uncertified_dispatch) === 1,
    supplyRequiresAudit: Number(c.supply_requires_audit) === 1,
    requireLoadingProof: Number(c.require_loading_proof) === 1,
    requireUnloadingProof: Number(c.require_unloading_proof) === 1,
    driverMustBindCard: Number(c.driver_must_bind_card) === 1,
    settleCycle: c.settle_cycle as EnterpriseConfig["settleCycle"],
    creditLimit: Number(c.credit_limit),
    prepayAllowed: Number(c.prepay_allowed) === 1,
    overloadToleranceBp: Number(c.overload_tolerance_bp),
  };
}

/** The organisation's configuration, or the defaults when it has none. */
export async function enterpriseConfigOf(db: AnyDb, orgId: number): Promise<EnterpriseConfig> {
  const row = (await db.selectFrom("enterprise_configs").selectAll().where("org_id", "=", orgId).where("deleted_at", "is", null).executeTakeFirst()) as (Columns & { id: number }) | undefined;
  return row ? toConfig(orgId, true, row) : toConfig(orgId, false, ENTERPRISE_CONFIG_DEFAULTS);
}

/** Creates the organisation's defaults row when it has none (call it where an organisation is created). */
export async function ensureEnterpriseConfig(db: AnyDb, org: { id: number; name: string; platformId: string; tenantId: number }, overrides: Partial<Columns> = {}): Promise<void> {
  const existing = await db.selectFrom("enterprise_configs").select("id").where("org_id", "=", org.id).executeTakeFirst();
  if (existing) return;
  const at = nowIso();
  await db
    .insertInto("enterprise_configs")
    .values({ id: org.id, enterprise_name: org.name, platform_id: org.platformId, tenant_id: org.tenantId, org_id: org.id, owner_user_id: null, ...ENTERPRISE_CONFIG_DEFAULTS, ...overrides, created_at: at, updated_at: at })
    .execute();
}
