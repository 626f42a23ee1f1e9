/**
 * The composition root: the one module that knows every service. It assembles the registries the
 * floors below read without importing any service themselves (docs/architecture.md "Layers, checked"):
 * - the database's tables: each service declares its own in its `schema.ts`; they are merged here into
 *   `Database` (`platform/db/schema.ts`), the type `Kysely` is opened with;
 * - the resource engine's bindings (`BINDINGS`), registered with the engine's lookup
 *   (`platform/resources/lookup.ts`) and served by its generic routes, and the services the engine's
 *   routes and writes use (`platform/resources/services.ts`);
 * - each service's HTTP routes (`SERVICES`), mounted by `buildApp` (`platform/app.ts`).
 * The demo data's seeders are assembled beside it in `platform/demo/seed-all.ts` (the onboarding seed
 * drives the built app, so it cannot sit below `app.ts`).
 */
import { recordSensitiveView } from "./iam/admin/oplog.js";
import type { FastifyInstance } from "fastify";
import type { ServiceContext } from "./context.js";
import type { Binding } from "./resources/bind.js";
import type { TableDescription } from "./resources/table-of.js";
import type { Database } from "./db/schema.js";
import { registerBindings } from "./resources/lookup.js";
import { resourceRoutes } from "./resources/routes.js";
import { provideEngineServices } from "./resources/services.js";
import { CARGO_CATEGORY_TABLE, CREDENTIAL_TABLE, DICT_ITEM_TABLE, type ResourceTables } from "./resources/schema.js";
import { APP_VERSION_TABLE, ROLE_TABLE, USER_TABLE, type IamTables } from "./iam/schema.js";
import type { IdentityTables } from "./identity/schema.js";
import type { NotificationTables } from "./iam/notifications/schema.js";
import { CAPTAIN_TABLE, DRIVER_TABLE, ORDER_TABLE, SHIP_TABLE, VEHICLE_TABLE, type FreightTables } from "./freight/schema.js";
import { APPEAL_TABLE, type AppealTables } from "./appeal/schema.js";
import { CAPTAIN_PROFILE_TABLE, CARGO_TABLE, CONTACT_TABLE, DRIVER_PROFILE_TABLE, ENTERPRISE_TABLE, FLEET_LEADER_MEMBER_TABLE, FLEET_LEADER_TABLE, INVITATION_TABLE, PROJECT_TABLE, SETTLEMENT_UNIT_TABLE, SHIP_RELATION_TABLE, SHIPOWNER_TABLE, SHIPPER_TABLE, VEHICLE_RELATION_TABLE, type DriverTables, type EnterpriseTables, type OrgResourceTables, type WaterTables } from "./masterdata/schema.js";
import { SUPPLY_CALL_LOG_TABLE, SUPPLY_DISPUTE_TABLE, SUPPLY_FAVORITE_TABLE, SUPPLY_PRICE_CHANGE_TABLE, SUPPLY_SUBSCRIPTION_TABLE, SUPPLY_TABLE, type SupplyTables } from "./supply/schema.js";
import { TIMEOUT_CONFIG_TABLE, VEHICLE_ALERT_TABLE, type SubmissionTables } from "./submission/schema.js";
import { APP_DEVICE_REPORT_TABLE, COMPLAINT_REPLY_TABLE, COMPLAINT_TABLE, ENTERPRISE_CONFIG_TABLE, NO_PUSH_RULE_TABLE, PUSH_LOG_TABLE, SAFETY_NOTICE_TABLE, SENSITIVE_WORD_TABLE, WX_GROUP_TABLE, type SystemPageTables } from "./system/schema.js";
import { CONTAINER_TABLE, DELIVERY_TABLE, TRANSPORT_TASK_TABLE, type OrderTables } from "./orders/schema.js";
import type { ReportTables } from "./reports/schema.js";
import { PAYEE_SETTING_TABLE, type LedgerTables } from "./ledger/schema.js";
import { SMS_TEMPLATE_TABLE, VEHICLE_AVAILABILITY_TABLE, type FindCarTables } from "./fleet/schema.js";
import { DECLARE_LOG_TABLE, INPUT_TAX_TICKET_TABLE, INVOICE_APPLICATION_TABLE, INVOICE_COMPANY_TABLE, INVOICE_LINE_TABLE, INVOICE_TABLE, VAT_DECLARATION_TABLE, type BillingTables } from "./billing/schema.js";
import { TAX_REGISTRATION_TABLE, type TaxTables } from "./tax/schema.js";
import { MATCH_INVOICE_ITEM_TABLE, MATCH_INVOICE_TABLE, type MatchmakingTables } from "./matchmaking/schema.js";
import { RED_ENVELOPE_CAMPAIGN_TABLE, RED_ENVELOPE_GRANT_TABLE, type MarketingTables } from "./marketing/schema.js";
import { SHIP_AVAILABILITY_TABLE, SHIP_COMMUNICATION_TABLE, SHIP_FINE_LOG_TABLE, SHIP_FINE_TABLE, SHIP_INFO_SUBMISSION_TABLE, WHARF_TABLE, type FindShipTables } from "./findship/schema.js";
import { vehicleBinding } from "./masterdata/vehicle.resource.js";
import { credentialBinding } from "./masterdata/credential.resource.js";
import { ownCredentialRoutes } from "./masterdata/own-credentials.js";
import { dictItemBinding } from "./masterdata/dict-item.resource.js";
import { enterpriseBinding, enterpriseRoutes } from "./masterdata/enterprise.resource.js";
import { invitationBinding } from "./masterdata/invitation.resource.js";
import { cargoCategoryBinding } from "./masterdata/cargo-category.resource.js";
import { shipperBinding } from "./masterdata/shipper.resource.js";
import { cargoBinding } from "./masterdata/cargo.resource.js";
import { contactBinding } from "./masterdata/contact.resource.js";
import { projectBinding } from "./masterdata/project.resource.js";
import { settlementUnitBinding } from "./masterdata/settlement-unit.resource.js";
import { driverBinding, driverProfileBinding } from "./masterdata/driver.resource.js";
import { fleetLeaderBinding, fleetLeaderMemberBinding } from "./masterdata/fleet-leader.resource.js";
import { vehicleRelationBinding } from "./masterdata/vehicle-relation.resource.js";
import { appealBinding } from "./appeal/appeal.resource.js";
import { shipBinding } from "./masterdata/ship.resource.js";
import { captainBinding, captainProfileBinding } from "./masterdata/captain.resource.js";
import { shipownerBinding } from "./masterdata/shipowner.resource.js";
import { shipRelationBinding } from "./masterdata/ship-relation.resource.js";
import { supplyBinding, supplyCallLogBinding, supplyDisputeBinding, supplyFavoriteBinding, supplyPriceChangeBinding, supplySubscriptionBinding } from "./supply/supply.resource.js";
import { timeoutConfigBinding, vehicleAlertBinding } from "./fleet/fleet.resource.js";
import { vehicleAvailabilityBinding } from "./fleet/vehicle-availability.resource.js";
import { smsTemplateBinding } from "./fleet/sms-template.resource.js";
import { SYSTEM_PAGE_BINDINGS } from "./system/resources.js";
import { orderBinding } from "./orders/order.resource.js";
import { appVersionBinding, operationLogBinding, roleBinding, systemFileBinding, userBinding } from "./iam/admin/resources.js";
import { DELIVERY_BINDINGS } from "./orders/deliveries.resource.js";
import { BILLING_BINDINGS } from "./billing/billing.resource.js";
import { payeeSettingBinding } from "./ledger/payee-setting.resource.js";
import { RED_ENVELOPE_BINDINGS } from "./marketing/red-envelope.resource.js";
import { taxRegistrationBinding } from "./tax/registration.resource.js";
import { MATCHMAKING_BINDINGS } from "./matchmaking/invoice.resource.js";
import { MONEY_BINDINGS } from "./ledger/money.resource.js";
import { FIND_SHIP_BINDINGS } from "./findship/findship.resource.js";
import { SETTLEMENT_BINDINGS } from "./ledger/settlement.resource.js";
import { INVOICEABLE_BINDINGS } from "./billing/invoiceable.resource.js";
import { activationRoutes } from "./identity/activation.js";
import { identityRoutes } from "./identity/routes.js";
import { freightRoutes } from "./freight/routes.js";
import { appealRoutes } from "./appeal/routes.js";
import { submissionRoutes } from "./submission/routes.js";
import { fleetRoutes } from "./fleet/routes.js";
import { findCarRoutes } from "./fleet/find-car-routes.js";
import { findShipRoutes } from "./findship/routes.js";
import { notificationRoutes } from "./iam/notifications/routes.js";
import { systemPageRoutes } from "./system/routes.js";
import { orderImportRoutes } from "./orders/routes.js";
import { reportRoutes } from "./reports/routes.js";
import { ledgerRoutes } from "./ledger/routes.js";
import { myFleetRoutes } from "./fleet/my-fleet.js";
import { marketingRoutes } from "./marketing/routes.js";
import { matchmakingRoutes } from "./matchmaking/routes.js";
import { taxRoutes } from "./tax/routes.js";
import { iamAdminRoutes } from "./iam/admin/routes.js";
import { billingRoutes } from "./billing/routes.js";
import { documentRoutes } from "./documents/documents.js";
import { requireScope } from "./identity/guard.js";
import { screenFields } from "./system/sensitive.js";
import { foldDictChoices } from "./masterdata/dict-item.resource.js";
import { checkDocumentRefs, refsOf } from "./documents/refs.js";
import { transitionNotices } from "./iam/notifications/decisions.js";

declare module "./db/schema.js" {
  /** The whole database: every service's tables. */
  interface Database
    extends ResourceTables,
      IamTables,
      IdentityTables,
      NotificationTables,
      FreightTables,
      AppealTables,
      EnterpriseTables,
      OrgResourceTables,
      DriverTables,
      WaterTables,
      SupplyTables,
      SubmissionTables,
      SystemPageTables,
      OrderTables,
      ReportTables,
      LedgerTables,
      FindCarTables,
      BillingTables,
      TaxTables,
      MatchmakingTables,
      MarketingTables,
      FindShipTables {}
}

/**
 * The engine tables typed from their definitions (`tableOf`, platform/resources/table-of.ts), by table:
 * tests/integration/table-columns.test.ts checks each description against the migrated database.
 */
export const DESCRIBED_TABLES = {
  freight_orders: ORDER_TABLE,
  freight_vehicles: VEHICLE_TABLE,
  freight_drivers: DRIVER_TABLE,
  freight_captains: CAPTAIN_TABLE,
  freight_ships: SHIP_TABLE,
  vehicle_availabilities: VEHICLE_AVAILABILITY_TABLE,
  sms_templates: SMS_TEMPLATE_TABLE,
  driver_profiles: DRIVER_PROFILE_TABLE,
  fleet_leaders: FLEET_LEADER_TABLE,
  fleet_leader_members: FLEET_LEADER_MEMBER_TABLE,
  vehicle_relations: VEHICLE_RELATION_TABLE,
  captain_profiles: CAPTAIN_PROFILE_TABLE,
  shipowners: SHIPOWNER_TABLE,
  ship_relations: SHIP_RELATION_TABLE,
  app_versions: APP_VERSION_TABLE,
  shippers: SHIPPER_TABLE,
  cargos: CARGO_TABLE,
  contacts: CONTACT_TABLE,
  projects: PROJECT_TABLE,
  settlement_units: SETTLEMENT_UNIT_TABLE,
  credentials: CREDENTIAL_TABLE,
  dict_items: DICT_ITEM_TABLE,
  cargo_categories: CARGO_CATEGORY_TABLE,
  risk_appeals: APPEAL_TABLE,
  supplies: SUPPLY_TABLE,
  supply_price_changes: SUPPLY_PRICE_CHANGE_TABLE,
  supply_subscriptions: SUPPLY_SUBSCRIPTION_TABLE,
  supply_call_logs: SUPPLY_CALL_LOG_TABLE,
  supply_favorites: SUPPLY_FAVORITE_TABLE,
  supply_disputes: SUPPLY_DISPUTE_TABLE,
  enterprise_profiles: ENTERPRISE_TABLE,
  registration_invitations: INVITATION_TABLE,
  payee_settings: PAYEE_SETTING_TABLE,
  invoice_companies: INVOICE_COMPANY_TABLE,
  invoice_applications: INVOICE_APPLICATION_TABLE,
  invoices: INVOICE_TABLE,
  invoice_application_items: INVOICE_LINE_TABLE,
  input_tax_tickets: INPUT_TAX_TICKET_TABLE,
  vat_declarations: VAT_DECLARATION_TABLE,
  declare_logs: DECLARE_LOG_TABLE,
  app_device_reports: APP_DEVICE_REPORT_TABLE,
  enterprise_configs: ENTERPRISE_CONFIG_TABLE,
  push_logs: PUSH_LOG_TABLE,
  no_push_rules: NO_PUSH_RULE_TABLE,
  sensitive_words: SENSITIVE_WORD_TABLE,
  complaints: COMPLAINT_TABLE,
  complaint_replies: COMPLAINT_REPLY_TABLE,
  wx_groups: WX_GROUP_TABLE,
  safety_notices: SAFETY_NOTICE_TABLE,
  wharves: WHARF_TABLE,
  ship_availabilities: SHIP_AVAILABILITY_TABLE,
  ship_info_submissions: SHIP_INFO_SUBMISSION_TABLE,
  ship_communications: SHIP_COMMUNICATION_TABLE,
  ship_fines: SHIP_FINE_TABLE,
  ship_fine_logs: SHIP_FINE_LOG_TABLE,
  tax_registrations: TAX_REGISTRATION_TABLE,
  red_envelope_campaigns: RED_ENVELOPE_CAMPAIGN_TABLE,
  red_envelope_grants: RED_ENVELOPE_GRANT_TABLE,
  match_invoices: MATCH_INVOICE_TABLE,
  match_invoice_items: MATCH_INVOICE_ITEM_TABLE,
  timeout_configs: TIMEOUT_CONFIG_TABLE,
  vehicle_alerts: VEHICLE_ALERT_TABLE,
  deliveries: DELIVERY_TABLE,
  transport_tasks: TRANSPORT_TASK_TABLE,
  containers: CONTAINER_TABLE,
  roles: ROLE_TABLE,
  users: USER_TABLE,
} satisfies Partial<Record<keyof Database, TableDescription>>;

/**
 * Every resource binding the platform serves. Add a resource by adding its binding here; the generic
 * routes, the reference checks and the generated tests pick it up.
 */
export const BINDINGS: readonly Binding[] = [
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
  operationLogBinding,
  systemFileBinding,
  userBinding,
  roleBinding,
  ...DELIVERY_BINDINGS,
  ...BILLING_BINDINGS,
  payeeSettingBinding,
  taxRegistrationBinding,
  ...MATCHMAKING_BINDINGS,
  ...MONEY_BINDINGS,
  ...RED_ENVELOPE_BINDINGS,
  ...FIND_SHIP_BINDINGS,
  ...SETTLEMENT_BINDINGS,
  ...INVOICEABLE_BINDINGS,
];
registerBindings(BINDINGS);
provideEngineServices({
  requireScope,
  screenFields,
  foldDictChoices,
  checkDocumentRefs: (db, scope, label, value, held, options) => checkDocumentRefs(db, scope, label, refsOf(value), refsOf(held), options),
  transitionNotices,
  logSensitiveView: (ctx, request, _scope, content) => recordSensitiveView(ctx, request, content),
});

/** Each service's HTTP routes, mounted in this order. Add a service by adding its register function here. */
export const SERVICES: ReadonlyArray<(app: FastifyInstance, ctx: ServiceContext) => Promise<void>> = [
  identityRoutes,
  notificationRoutes,
  freightRoutes,
  appealRoutes,
  ownCredentialRoutes,
  resourceRoutes(BINDINGS),
  enterpriseRoutes,
  submissionRoutes,
  fleetRoutes,
  findCarRoutes,
  systemPageRoutes,
  orderImportRoutes,
  reportRoutes,
  ledgerRoutes,
  iamAdminRoutes,
  billingRoutes,
  marketingRoutes,
  matchmakingRoutes,
  taxRoutes,
  findShipRoutes,
  documentRoutes,
  // Last: a new service goes after the others (the fuzz test walks routes in registration order).
  activationRoutes,
  myFleetRoutes,
];
