import { shipAvailability, shipCommunication, shipFine, shipFineLog, shipInfoSubmission, wharf } from "./findship.js";
/**
 * RESOURCES: every resource definition, by key. The console looks up a reference's resource here (its
 * options call); the generated tests loop over it.
 */
import { matchInvoice, matchInvoiceItem } from "./match-invoice.js";
import { payeeSetting } from "./payee-setting.js";
import { taxRegistration } from "./tax-registration.js";
import type { AnyResource } from "./kit.js";
import { vehicle } from "./vehicle.js";
import { credential } from "./credential.js";
import { dictItem } from "./dict-item.js";
import { enterprise } from "./enterprise.js";
import { invitation } from "./invitation.js";
import { cargoCategory } from "./cargo-category.js";
import { shipper } from "./shipper.js";
import { cargo } from "./cargo.js";
import { contact } from "./contact.js";
import { project } from "./project.js";
import { settlementUnit } from "./settlement-unit.js";
import { driver, driverProfile } from "./driver.js";
import { fleetLeader, fleetLeaderMember } from "./fleet-leader.js";
import { vehicleRelation } from "./vehicle-relation.js";
import { appeal } from "./appeal.js";
import { timeoutConfig, vehicleAlert } from "./fleet.js";
import { smsTemplate } from "./sms-template.js";
import { vehicleAvailability } from "./vehicle-availability.js";
import { ship } from "./ship.js";
import { captain, captainProfile } from "./captain.js";
import { shipowner } from "./shipowner.js";
import { shipRelation } from "./ship-relation.js";
import { supply, supplyCallLog, supplyDispute, supplyFavorite, supplyPriceChange, supplySubscription } from "./supply.js";
import { appDeviceReport, enterpriseConfig, noPushRule, pushLog, smsSendLog } from "./system-ops.js";
import { complaint, complaintReply } from "./complaint.js";
import { safetyNotice, sensitiveWord, wxGroup } from "./system-content.js";
import { order } from "./order.js";
import { appVersion } from "./app-version.js";
import { operationLog, role, systemFile, user } from "./iam.js";
import { activeOrder, delivery, linkedWaybill, openOrder, redelivery } from "./delivery.js";
import { transportTask } from "./transport-task.js";
import { container } from "./container.js";
import { BILLING_RESOURCES } from "./billing.js";
import { MONEY_RESOURCES } from "./money.js";
import { RED_ENVELOPE_RESOURCES } from "./red-envelope.js";
import { SETTLEMENT_RESOURCES } from "./settlement.js";

export const RESOURCES: Record<string, AnyResource> = {
  [vehicle.key]: vehicle,
  [credential.key]: credential,
  [dictItem.key]: dictItem,
  [enterprise.key]: enterprise,
  [invitation.key]: invitation,
  [cargoCategory.key]: cargoCategory,
  [shipper.key]: shipper,
  [cargo.key]: cargo,
  [contact.key]: contact,
  [project.key]: project,
  [settlementUnit.key]: settlementUnit,
  [driverProfile.key]: driverProfile,
  [driver.key]: driver,
  [fleetLeader.key]: fleetLeader,
  [fleetLeaderMember.key]: fleetLeaderMember,
  [vehicleRelation.key]: vehicleRelation,
  [appeal.key]: appeal,
  [ship.key]: ship,
  [captainProfile.key]: captainProfile,
  [captain.key]: captain,
  [shipowner.key]: shipowner,
  [shipRelation.key]: shipRelation,
  ...Object.fromEntries([supply, supplyPriceChange, supplySubscription, supplyCallLog, supplyFavorite, supplyDispute].map((def) => [def.key, def])),
  ...Object.fromEntries([appDeviceReport, enterpriseConfig, pushLog, smsSendLog, noPushRule, sensitiveWord, complaint, complaintReply, wxGroup, safetyNotice].map((def) => [def.key, def as AnyResource])),
  [timeoutConfig.key]: timeoutConfig,
  [vehicleAlert.key]: vehicleAlert,
  [vehicleAvailability.key]: vehicleAvailability,
  [smsTemplate.key]: smsTemplate,
  [order.key]: order,
  [appVersion.key]: appVersion,
  [operationLog.key]: operationLog,
  [systemFile.key]: systemFile,
  [user.key]: user,
  [role.key]: role,
  ...Object.fromEntries([openOrder, activeOrder, delivery, redelivery, linkedWaybill, transportTask, container].map((def) => [def.key, def as AnyResource])),
  ...Object.fromEntries(MONEY_RESOURCES.map((def) => [def.key, def as AnyResource])),
  ...Object.fromEntries(RED_ENVELOPE_RESOURCES.map((def) => [def.key, def as AnyResource])),
  ...Object.fromEntries(BILLING_RESOURCES.map((def) => [def.key, def as AnyResource])),
  ...Object.fromEntries(SETTLEMENT_RESOURCES.map((def) => [def.key, def as AnyResource])),
  ...Object.fromEntries([payeeSetting, taxRegistration, matchInvoice, matchInvoiceItem].map((def) => [def.key, def as AnyResource])),
  ...Object.fromEntries([wharf, shipAvailability, shipInfoSubmission, shipCommunication, shipFine, shipFineLog].map((def) => [def.key, def as AnyResource])),
};

export function resourceOf(key: string): AnyResource | undefined {
  return RESOURCES[key];
}
