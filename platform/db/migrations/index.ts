import { moneyRequestOwnerMigration } from "./0034b_money_request_owner.js";
import { publicFileTokensMigration } from "./0034_public_file_tokens.js";
import { smsProviderLogMigration } from "./0047_sms_provider_log.js";
import { smsReceiptsMigration } from "./0048_sms_receipts.js";
import { smsLogSubjectsMigration } from "./0049_sms_log_subjects.js";
import { hashedInviteCodesMigration } from "./0050_hashed_invite_codes.js";
import { sealedIdNumbersMigration } from "./0051_sealed_id_numbers.js";
import { waterCarrierCodesMigration } from "./0052_water_carrier_codes.js";
import { personClosingMigration } from "./0053_person_closing.js";
import { narrowerFreightIndexesMigration } from "./0054_narrower_freight_indexes.js";
import { dispatchFactsMigration } from "./0055_dispatch_facts.js";
import { quieterWritesMigration } from "./0056_quieter_writes.js";
import { summariesAtCommitMigration } from "./0057_summaries_at_commit.js";
import { credentialExpiryMigration } from "./0035_credential_expiry.js";
import { documentsAndReasonsMigration } from "./0037_documents_and_reasons.js";
import { placeRegionsMigration } from "./0038_place_regions.js";
import { waybillDailyStatsMigration } from "./0041_waybill_daily_stats.js";
import { waybillListStatsMigration } from "./0042_waybill_list_stats.js";
import { completionIndexesMigration } from "./0039_completion_indexes.js";
import { dashboardTimeIndexesMigration } from "./0040_dashboard_time_indexes.js";
import { moneyViewsMigration } from "./0043_money_views.js";
import { waybillKeyStatsMigration } from "./0044_waybill_key_stats.js";
import { waybillCountersMigration } from "./0045_waybill_counters.js";
import { ordersCreatedCoveringMigration } from "./0046_orders_created_covering.js";
import type { Migration } from "kysely";
import type { DialectName } from "../index.js";
import { smsCodesMigration } from "./0027_sms_codes.js";
import { identityMigration } from "./0001_identity.js";
import { notificationsMigration } from "./0002_notifications.js";
import { freightMigration } from "./0003_freight.js";
import { freightSumIndexesMigration } from "./0004_freight_sum_indexes.js";
import { riskAppealsMigration } from "./0005_risk_appeals.js";
import { resourceEngineMigration } from "./0006_resource_engine.js";
import { enterprisesMigration } from "./0007_enterprises.js";
import { orgResourcesMigration } from "./0010_org_resources.js";
import { driversMigration } from "./0008_drivers.js";
import { appealEngineMigration } from "./0011_appeal_engine.js";
import { waterMigration } from "./0009_water.js";
import { eventRemarksMigration } from "./0019_event_remarks.js";
import { supplyMigration } from "./0013_supply.js";
import { fleetSubmissionMigration } from "./0018_fleet_submission.js";
import { systemPagesMigration } from "./0015_system_pages.js";
import { ordersMigration } from "./0012_orders.js";
import { reportsMigration } from "./0017_reports.js";
import { ledgerMigration } from "./0016_ledger.js";
import { iamAdminMigration } from "./0014_iam_admin.js";
import { loginGuardsMigration } from "./0025_login_guards.js";
import { fleetRestMigration } from "./0024_fleet_rest.js";
import { orderRestMigration } from "./0020_order_rest.js";
import { billingMigration } from "./0021_billing.js";
import { finance2Migration } from "./0022_finance2.js";
import { findShipMigration } from "./0023_find_ship.js";
import { taxCaptainsMigration } from "./0026_tax_captains.js";
import { sealedCardNumbersMigration } from "./0028_sealed_card_numbers.js";
import { enterpriseAdminCodesMigration } from "./0030_enterprise_admin_codes.js";
import { operationalRulesMigration } from "./0033_operational_rules.js";
import { moneyNotificationsMigration } from "./0036_money_notifications.js";

/** Every migration, in order. Names sort in the order they must run. Add new ones at the end. */
export const migrations: Record<string, (dialect: DialectName) => Migration> = {
  "0001_identity": identityMigration,
  "0002_notifications": notificationsMigration,
  "0003_freight": freightMigration,
  "0004_freight_sum_indexes": freightSumIndexesMigration,
  "0005_risk_appeals": riskAppealsMigration,
  "0006_resource_engine": resourceEngineMigration,
  "0007_enterprises": enterprisesMigration,
  "0008_drivers": driversMigration,
  "0009_water": waterMigration,
  "0010_org_resources": orgResourcesMigration,
  "0011_appeal_engine": appealEngineMigration,
  "0019_event_remarks": eventRemarksMigration,
  "0013_supply": supplyMigration,
  "0018_fleet_submission": fleetSubmissionMigration,
  "0015_system_pages": systemPagesMigration,
  "0012_orders": ordersMigration,
  "0017_reports": reportsMigration,
  "0016_ledger": ledgerMigration,
  "0014_iam_admin": iamAdminMigration,
  "0025_login_guards": loginGuardsMigration,
  "0024_fleet_rest": fleetRestMigration,
  "0020_order_rest": orderRestMigration,
  "0021_billing": billingMigration,
  "0022_finance2": finance2Migration,
  "0023_find_ship": findShipMigration,
  "0026_tax_captains": taxCaptainsMigration,
  "0027_sms_codes": smsCodesMigration,
  "0028_sealed_card_numbers": sealedCardNumbersMigration,
  "0030_enterprise_admin_codes": enterpriseAdminCodesMigration,
  "0033_operational_rules": operationalRulesMigration,
  "0034_public_file_tokens": publicFileTokensMigration,
  "0034b_money_request_owner": moneyRequestOwnerMigration,
  "0036_money_notifications": moneyNotificationsMigration,
  "0035_credential_expiry": credentialExpiryMigration,
  "0037_documents_and_reasons": documentsAndReasonsMigration,
  "0038_place_regions": placeRegionsMigration,
  "0039_completion_indexes": completionIndexesMigration,
  "0040_dashboard_time_indexes": dashboardTimeIndexesMigration,
  "0041_waybill_daily_stats": waybillDailyStatsMigration,
  "0042_waybill_list_stats": waybillListStatsMigration,
  "0043_money_views": moneyViewsMigration,
  "0044_waybill_key_stats": waybillKeyStatsMigration,
  "0045_waybill_counters": waybillCountersMigration,
  "0046_orders_created_covering": ordersCreatedCoveringMigration,
  "0047_sms_provider_log": smsProviderLogMigration,
  "0048_sms_receipts": smsReceiptsMigration,
  "0049_sms_log_subjects": smsLogSubjectsMigration,
  "0050_hashed_invite_codes": hashedInviteCodesMigration,
  "0051_sealed_id_numbers": sealedIdNumbersMigration,
  "0052_water_carrier_codes": waterCarrierCodesMigration,
  "0053_person_closing": personClosingMigration,
  "0054_narrower_freight_indexes": narrowerFreightIndexesMigration,
  "0055_dispatch_facts": dispatchFactsMigration,
  "0056_quieter_writes": quieterWritesMigration,
  "0057_summaries_at_commit": summariesAtCommitMigration,
};
