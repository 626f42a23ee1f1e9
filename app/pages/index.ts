/**
 * PAGES: every resource page binding by path. The export route looks a page up here (and applies its
 * preset on the server); the generated tests loop over it.
 */
import type { ResourcePage } from "./kit";
import { carAudit, ownCars } from "./vehicle";
import { cargoCategoryPages, projectAuditPages, shipConfigPages } from "./system";
import { enterprisePages, invitationPages } from "./enterprise";
import { cargoPages, contactPages, projectPages, settlementUnitPages, shipperAudit, shipperPages } from "./org-resources";
import { driverAudit, fleetLeaderAudit, ownDrivers, relationAudit } from "./drivers";
import { appealPages } from "./appeal";
import { captainAudit, captainPages, ownShips, shipAudit, shipownerAudit, shipownerPages, shipRelationAudit } from "./water";
import { SUPPLY_GROUPS } from "./supply";

const GROUPS = [
  carAudit,
  ownCars,
  cargoCategoryPages,
  shipConfigPages,
  projectAuditPages,
  enterprisePages,
  invitationPages,
  shipperPages,
  shipperAudit,
  cargoPages,
  contactPages,
  projectPages,
  settlementUnitPages,
  driverAudit,
  fleetLeaderAudit,
  relationAudit,
  ownDrivers,
  appealPages,
  shipAudit,
  ownShips,
  captainPages,
  captainAudit,
  shipownerPages,
  shipownerAudit,
  shipRelationAudit,
  ...SUPPLY_GROUPS,
  timeoutConfigPages,
  timeoutRecordPages,
  realtimeRemindPages,
  availabilityPages,
  smsTemplatePages,
  ...SYSTEM_PAGE_GROUPS,
  orderPages,
  appVersionPages,
  ...IAM_PAGE_GROUPS,
  ...DELIVERY_GROUPS,
  ...BILLING_PAGE_GROUPS,
  ...FINANCE_PAGE_GROUPS,
  ...MONEY_PAGE_GROUPS,
  ...FIND_SHIP_GROUPS,
  ...SETTLEMENT_PAGE_GROUPS,
];
import { realtimeRemindPages, timeoutConfigPages, timeoutRecordPages } from "./fleet";
import { availabilityPages, smsTemplatePages } from "./find-car";
import { SYSTEM_PAGE_GROUPS } from "./system-pages";
import { orderPages } from "./orders";
import { appVersionPages } from "./app-version";
import { IAM_PAGE_GROUPS } from "./iam";
import { DELIVERY_GROUPS } from "./deliveries";
import { MONEY_PAGE_GROUPS } from "./money";
import { BILLING_PAGE_GROUPS } from "./billing";
import { FINANCE_PAGE_GROUPS } from "./finance";
import { FIND_SHIP_GROUPS } from "./findship";
import { SETTLEMENT_PAGE_GROUPS } from "./settlement";

export const PAGES: ResourcePage[] = GROUPS.flatMap((group) => Object.values(group).filter((p): p is ResourcePage => !!p));

export function pageAt(path: string): ResourcePage | undefined {
  return PAGES.find((page) => page.path === path);
}
