/**
 * Every resource binding the platform serves. Add a resource by adding its binding here; the generic
 * routes, the reference checks and the generated tests pick it up.
 */
import type { Binding } from "./bind.js";
import { registerBindings } from "./lookup.js";
import { vehicleBinding } from "../masterdata/vehicle.resource.js";
import { credentialBinding } from "../masterdata/credential.resource.js";
import { dictItemBinding } from "../masterdata/dict-item.resource.js";
import { enterpriseBinding } from "../masterdata/enterprise.resource.js";
import { invitationBinding } from "../masterdata/invitation.resource.js";
import { cargoCategoryBinding } from "../masterdata/cargo-category.resource.js";
import { shipperBinding } from "../masterdata/shipper.resource.js";
import { cargoBinding } from "../masterdata/cargo.resource.js";
import { contactBinding } from "../masterdata/contact.resource.js";
import { projectBinding } from "../masterdata/project.resource.js";
import { settlementUnitBinding } from "../masterdata/settlement-unit.resource.js";
import { driverBinding, driverProfileBinding } from "../masterdata/driver.resource.js";
import { fleetLeaderBinding, fleetLeaderMemberBinding } from "../masterdata/fleet-leader.resource.js";
import { vehicleRelationBinding } from "../masterdata/vehicle-relation.resource.js";
import { appealBinding } from "../appeal/appeal.resource.js";
import { shipBinding } from "../masterdata/ship.resource.js";
import { captainBinding, captainProfileBinding } from "../masterdata/captain.resource.js";
import { shipownerBinding } from "../masterdata/shipowner.resource.js";
import { shipRelationBinding } from "../masterdata/ship-relation.resource.js";
import { supplyBinding, supplyCallLogBinding, supplyDisputeBinding, supplyFavoriteBinding, supplyPriceChangeBinding, supplySubscriptionBinding } from "../supply/supply.resource.js";

export const BINDINGS: Binding[] = [
  vehicleBinding,
  credentialBinding,
  dictItemBinding,
  enterpriseBinding,
  invitationBinding,
  cargoCategoryBinding,
  shipperBinding,
  cargoBinding,
  contactBinding,
  projectBinding,
  settlementUnitBinding,
  driverProfileBinding,
  driverBinding,
  fleetLeaderBinding,
  fleetLeaderMemberBinding,
  vehicleRelationBinding,
  appealBinding,
  shipBinding,
  captainProfileBinding,
  captainBinding,
  shipownerBinding,
  shipRelationBinding,
  supplyBinding,
  supplyPriceChangeBinding,
  supplySubscriptionBinding,
  supplyCallLogBinding,
  supplyFavoriteBinding,
  supplyDisputeBinding,
  timeoutConfigBinding,
  vehicleAlertBinding,
  vehicleAvailabilityBinding,
  smsTemplateBinding,
  ...SYSTEM_PAGE_BINDINGS,
  orderBinding,
  appVersionBinding,
  ...ORDER_REST_BINDINGS,
  ...BILLING_BINDINGS,
  ...FINANCE2_BINDINGS,
  ...MONEY_BINDINGS,
  ...FIND_SHIP_BINDINGS,
];
import { timeoutConfigBinding, vehicleAlertBinding } from "../fleet/fleet.resource.js";
import { smsTemplateBinding, vehicleAvailabilityBinding } from "../fleet/fleet-rest.resource.js";
import { SYSTEM_PAGE_BINDINGS } from "../system/resources.js";
import { orderBinding } from "../orders/order.resource.js";
import { appVersionBinding } from "../iam/admin/app-version.js";
import { ORDER_REST_BINDINGS } from "../orders/rest.resource.js";
import { BILLING_BINDINGS } from "../billing/billing.resource.js";
import { FINANCE2_BINDINGS } from "../finance2/resources.js";
import { MONEY_BINDINGS } from "../ledger/money.resource.js";
import { FIND_SHIP_BINDINGS } from "../findship/findship.resource.js";

registerBindings(BINDINGS);

export { bindingOf } from "./lookup.js";
