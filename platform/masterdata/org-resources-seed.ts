/**
 * Demo data of an organisation's own resources: the cargo category dictionary of every platform (the
 * ministry's 19 classes, grain kinds under 粮食 1100), and for each demo organisation shippers in every
 * audit state (with their audit history), settlement units, cargos, contacts and projects; the
 * INDIVIDUAL_USER demo account gets a personal organisation (as `personalOrgId` creates it) with a couple of
 * cargos and contacts. Plain inserts in one transaction on an empty database.
 */
import type { Selectable, Transaction } from "kysely";
import { CARGO_CLASS_LIST } from "../../contract/code-lists.js";
import { sampleCreditCode, sampleIdCardNo } from "../../contract/resources/samples.js";
import { chinaCompactDate } from "../../contract/units.js";
import type { Db } from "../db/index.js";
import type { Database } from "../db/schema.js";
import type { SeedIds } from "../db/seed.js";
import { taxCompleteOf } from "./shipper.resource.js";
import type { CargosTable, ContactsTable, ProjectsTable, SettlementUnitsTable, ShippersTable } from "./org-resources-schema.js";

type Trx = Transaction<Database>;
type Cargo = Selectable<CargosTable>;
type Shipper = Selectable<ShippersTable>;
type Project = Selectable<ProjectsTable>;
const DAY = 86_400_000;

/** Our kinds below some of the ministry's cargo classes (部标货物类型分类代码, contract/code-lists.ts). */
const KINDS: Record<string, string[]> = { "0100": ["原煤", "焦炭"], "0500": ["黄沙", "碎石"], "1100": ["玉米", "小麦", "稻谷", "大豆", "高粱", "大麦", "饲料"] };
const CATEGORIES: Array<[name: string, code: string, children?: string[]]> = Object.entries(CARGO_CLASS_LIST.codes).map(([code, { label }]) => [label, code, KINDS[code]]);

interface Owner {
  platformId: string;
  tenantId: number;
  orgId: number;
  ownerUserId: number | null;
  /** Who "created" the rows in the history. */
  operator: { id: number | null; name: string };
}

/** Per organisation: place names, shipper names and regions, so the three organisations differ. */
const ORGS = [
  {
    region: "340302",
    shippers: ["中储粮蚌埠直属库有限公司", "安徽丰原粮油贸易有限公司", "蚌埠市淮上粮油购销有限公司"],
    person: ["陈立军", "0552-3012345"],
    places: [
      ["LOADING", "中储粮蚌埠直属库", "340302", "安徽省蚌埠市龙子湖区东海大道 1688 号", "孙保管", "13805520011", "中储粮蚌埠直属库有限公司"],
      ["UNLOADING", "芜湖港朱家桥港区", "340207", "安徽省芜湖市鸠江区朱家桥港区港湾路 8 号", "钱调度", "13905530022", "芜湖港储运有限公司"],
      ["BOTH", "合肥北粮库", "340102", "安徽省合肥市瑶海区北二环路 266 号", "赵主任", "0551-64281234", "安徽省粮食储备有限公司"],
      ["RECEIVER", "南京龙潭港粮食码头", "320113", "江苏省南京市栖霞区龙潭港区港城路 1 号", "周经理", "13851700033", "南京港龙潭集装箱有限公司"],
    ],
  },
  {
    region: "340202",
    shippers: ["芜湖市粮食储备有限公司", "安徽省江淮粮油集团有限公司", "无为县惠民粮食购销有限公司"],
    person: ["吴永刚", "0553-5821234"],
    places: [
      ["LOADING", "芜湖三山粮库", "340208", "安徽省芜湖市弋江区三山大道 99 号", "刘保管", "13805530044", "芜湖市粮食储备有限公司"],
      ["UNLOADING", "马鞍山港郑蒲港区", "340521", "安徽省马鞍山市当涂县郑蒲港新区港口大道 6 号", "孙调度", "13905550055", "马鞍山港口集团有限公司"],
      ["BOTH", "铜陵横港粮库", "340705", "安徽省铜陵市铜官区横港路 18 号", "钱主任", "0562-2812345", "铜陵市粮食储备库"],
    ],
  },
  {
    region: "340104",
    shippers: ["合肥市粮食收储有限公司", "安徽皖垦粮油有限公司", "肥西县丰乐粮食购销有限公司"],
    person: ["郑国华", "0551-65891234"],
    places: [
      ["LOADING", "宿州埇桥粮食物流园", "341302", "安徽省宿州市埇桥区金江三路 128 号", "王保管", "13805570066", "宿州市粮食物流有限公司"],
      ["UNLOADING", "合肥港派河港区", "340123", "安徽省合肥市肥西县派河港路 3 号", "冯调度", "13905510077", "合肥港集团有限公司"],
      ["RECEIVER", "徐州粮食储备库", "320311", "江苏省徐州市泉山区三环西路 55 号", "陈主任", "0516-83451234", "徐州市粮食储备有限公司"],
    ],
  },
] as const;

const CARGOS: Array<[name: string, category: string, packaging: Cargo["packaging"], priceFen: number, lossBp: number, enabled?: Cargo["enabled"]]> = [
  ["国标三等玉米", "玉米", "BULK", 265_000, 30],
  ["国标二等小麦", "小麦", "BULK", 282_000, 20],
  ["早籼稻", "稻谷", "BAGGED", 276_000, 30],
  ["国产大豆", "大豆", "TON_BAG", 480_000, 20],
  ["饲料级玉米", "饲料", "BULK", 240_000, 40, "DISABLED"],
];

class Serials {
  private last = new Map<string, number>();
  next(prefix: string, at: string): string {
    const day = chinaCompactDate(at);
    const key = `${prefix}${day}`;
    const n = (this.last.get(key) ?? 0) + 1;
    this.last.set(key, n);
    return `${key}${String(n).padStart(6, "0")}`;
  }
  rows() {
    return [...this.last].map(([key, last]) => ({ prefix: key.slice(0, 2), day: key.slice(2), last }));
  }
}

async function seedCategories(trx: Trx, at: string): Promise<Map<string, Map<string, { id: number; name: string; code: string }>>> {
  const platforms = await trx.selectFrom("platforms").select("id").execute();
  const out = new Map<string, Map<string, { id: number; name: string; code: string }>>();
  for (const { id: platformId } of platforms) {
    const byName = new Map<string, { id: number; name: string; code: string }>();
    for (const [i, [name, code, children]] of CATEGORIES.entries()) {
      const base = { platform_id: platformId, tenant_id: null, org_id: null, owner_user_id: null, created_at: at, updated_at: at, enabled: "ENABLED" as const, remark: null };
      const parent = await trx.insertInto("cargo_categories").values({ ...base, parent_id: null, name, ministry_code: code, sort: (i + 1) * 10 }).returning("id").executeTakeFirstOrThrow();
      byName.set(name, { id: Number(parent.id), name, code });
      for (const [j, child] of (children ?? []).entries()) {
        const row = await trx.insertInto("cargo_categories").values({ ...base, parent_id: parent.id, name: child, ministry_code: code, sort: j + 1 }).returning("id").executeTakeFirstOrThrow();
        byName.set(child, { id: Number(row.id), name: child, code });
      }
    }
    out.set(platformId, byName);
  }
  return out;
}

const scoped = (o: Owner, at: string) => ({ platform_id: o.platformId, tenant_id: o.tenantId, org_id: o.orgId, owner_user_id: o.ownerUserId, created_at: at, created_by: o.operator.id, updated_at: at, updated_by: o.operator.id });

async function event(trx: Trx, o: Owner, resource: string, recordId: number, e: { action: string; label: string; from?: string; to?: string; remark?: string; by: { id: number | null; name: string }; at: string }) {
  await trx
    .insertInto("resource_events")
    .values({ resource, record_id: recordId, action: e.action, action_label: e.label, from_status: e.from ?? null, to_status: e.to ?? null, remark: e.remark ?? null, detail: null, operator_user_id: e.by.id, operator_name: e.by.name, platform_id: o.platformId, tenant_id: o.tenantId, org_id: o.orgId, created_at: e.at })
    .execute();
}

/** An audited row's history: created (待审核), then approved or rejected by the tenant's staff. */
async function auditHistory(trx: Trx, o: Owner, resource: string, id: number, status: string, created: string, auditor: { id: number | null; name: string }, remark: string | null) {
  await event(trx, o, resource, id, { action: "CREATE", label: "新增", to: "PENDING", by: o.operator, at: created });
  const at = new Date(Date.parse(created) + 3 * 3600_000).toISOString();
  if (status === "APPROVED") await event(trx, o, resource, id, { action: "APPROVE", label: "通过", from: "PENDING", to: "APPROVED", remark: remark ?? undefined, by: auditor, at });
  if (status === "REJECTED") await event(trx, o, resource, id, { action: "REJECT", label: "驳回", from: "PENDING", to: "REJECTED", remark: remark ?? undefined, by: auditor, at });
}

async function seedCargosAndContacts(trx: Trx, o: Owner, categories: Map<string, { id: number; name: string; code: string }>, cargos: typeof CARGOS, places: ReadonlyArray<readonly [kind: Selectable<ContactsTable>["kind"], ...rest: string[]]>, start: number) {
  for (const [i, [name, category, packaging, price, loss, enabled]] of cargos.entries()) {
    const c = categories.get(category)!;
    const at = new Date(start + i * 3600_000).toISOString();
    await trx
      .insertInto("cargos")
      .values({ ...scoped(o, at), name, category_id: c.id, category_name: c.name, ministry_code: c.code, packaging, unit_price: price, loss_allowance_bp: loss, remark: null, enabled: enabled ?? "ENABLED" })
      .execute();
  }
  const ids: number[] = [];
  const defaults = new Set<string>();
  for (const [i, [kind, place, region, address, contactName, mobile, company]] of places.entries()) {
    const at = new Date(start + i * 3600_000).toISOString();
    const isDefault = defaults.has(kind!) ? 0 : 1;
    defaults.add(kind!);
    const row = await trx
      .insertInto("contacts")
      .values({ ...scoped(o, at), kind: kind!, place: place!, region_code: region!, address: address!, contact_name: contactName!, contact_mobile: mobile!, company_name: company ?? null, fence_radius_m: 500 + i * 500, is_default: isDefault })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
}

export async function seedOrgResources(db: Db, ids: SeedIds): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const now = Date.now();
    const categories = await seedCategories(trx, new Date(now - 120 * DAY).toISOString());
    const serials = new Serials();
    const users = await trx.selectFrom("users").select(["id", "name", "type", "org_id", "tenant_id"]).where("id", "in", Object.values(ids.userIds)).execute();
    const user = (type: string) => users.find((u) => u.type === type)!;
    const orgUser = user("ORG_USER");
    const tenantUser = user("TENANT_USER");
    const auditor = { id: Number(tenantUser.id), name: String(tenantUser.name) };
    const grain = categories.get("A")!;

    for (const [index, orgId] of ids.orgIds.entries()) {
      const spec = ORGS[index % ORGS.length]!;
      const operator = Number(orgUser.org_id) === orgId ? { id: Number(orgUser.id), name: String(orgUser.name) } : { id: null, name: "企业管理员" };
      const o: Owner = { platformId: "A", tenantId: ids.tenantId, orgId, ownerUserId: null, operator };
      const start = now - (60 - index) * DAY;
      const contactIds = await seedCargosAndContacts(trx, o, grain, CARGOS, spec.places, start);

      // 托运人: approved company (complete tax block, 月结), approved person (普票, 预付), pending company (授信), rejected company.
      const [approvedName, pendingName, rejectedName] = spec.shippers;
      const [personName, personPhone] = spec.person;
      const shipperSpecs: Array<{ kind: Shipper["kind"]; name: string; audit: Shipper["audit_status"]; settle: Shipper["settle_mode"]; credit: number | null; tax: boolean; remark: string | null }> = [
        { kind: "COMPANY", name: approvedName, audit: "APPROVED", settle: "MONTHLY", credit: null, tax: true, remark: "营业执照与开票信息一致" },
        { kind: "PERSON", name: personName, audit: "APPROVED", settle: "PREPAID", credit: null, tax: true, remark: null },
        { kind: "COMPANY", name: pendingName, audit: "PENDING", settle: "CREDIT", credit: 50_000_000, tax: false, remark: null },
        { kind: "COMPANY", name: rejectedName, audit: "REJECTED", settle: "MONTHLY", credit: null, tax: true, remark: "营业执照照片模糊，且开票抬头与执照名称不一致，请重新上传" },
      ];
      const shipperIds: number[] = [];
      for (const [i, s] of shipperSpecs.entries()) {
        const at = new Date(start + (i + 1) * DAY).toISOString();
        const n = index * 10 + i + 1;
        const company = s.kind === "COMPANY";
        const creditCode = company ? sampleCreditCode(n, spec.region) : null;
        const values = {
          ...scoped(o, at),
          shipper_no: serials.next("TY", at),
          kind: s.kind,
          name: s.name,
          credit_code: creditCode,
          id_card_no: company ? null : sampleIdCardNo(7300 + n, spec.region),
          legal_person: company ? ["周建国", "许文华", "韩立新"][i % 3]! : null,
          address: company ? `安徽省${["蚌埠市龙子湖区", "芜湖市镜湖区", "合肥市包河区"][index % 3]}粮贸路 ${10 + i} 号` : null,
          contact_name: company ? ["孙经理", "李主任", "杨会计"][i % 3]! : s.name,
          contact_mobile: `1385520${String(1000 + n).slice(-4)}`,
          tax_title: s.tax ? (company && s.audit === "REJECTED" ? `${s.name.slice(0, -4)}集团` : s.name) : company ? s.name : null,
          tax_no: company && s.tax ? creditCode : null,
          tax_address: company && s.tax ? `安徽省蚌埠市龙子湖区东海大道 ${200 + n} 号` : null,
          tax_phone: company && s.tax ? personPhone : null,
          tax_bank_name: company && s.tax ? "中国农业发展银行蚌埠市分行" : null,
          tax_bank_account: company && s.tax ? `2033401000${String(100_000 + n)}` : null,
          tax_complete: 0,
          receive_name: company ? "王会计" : s.name,
          receive_mobile: "13966660001",
          receive_address: company ? "安徽省蚌埠市龙子湖区东海大道 1688 号财务室" : null,
          receive_email: company ? `fp${n}@grain-demo.cn` : null,
          settle_mode: s.settle,
          credit_limit: s.credit,
          audit_status: s.audit,
          audit_remark: s.audit === "PENDING" ? null : s.remark,
          enabled: "ENABLED" as const,
          remark: s.settle === "CREDIT" ? "授信额度经财务部审批" : null,
        };
        values.tax_complete = taxCompleteOf(values);
        const row = await trx.insertInto("shippers").values(values).returning("id").executeTakeFirstOrThrow();
        shipperIds.push(Number(row.id));
        await auditHistory(trx, o, "shipper", Number(row.id), s.audit, at, auditor, values.audit_remark);
      }

      // 核算单位 under the approved company shipper (one with its own tax block, one stopped).
      const units: Array<[code: string, name: string, budget: number, tax: boolean, enabled: Selectable<SettlementUnitsTable>["enabled"]]> = [
        ["HS01", `${approvedName!.replace(/有限公司$/, "")}一分库`, 80_000_000, true, "ENABLED"],
        ["HS02", `${approvedName!.replace(/有限公司$/, "")}二分库`, 50_000_000, false, "ENABLED"],
        ["HS03", `${approvedName!.replace(/有限公司$/, "")}轮换组`, 20_000_000, false, "DISABLED"],
      ];
      for (const [i, [code, name, budget, tax, enabled]] of units.entries()) {
        const at = new Date(start + (6 + i) * DAY).toISOString();
        await trx
          .insertInto("settlement_units")
          .values({
            ...scoped(o, at),
            shipper_id: shipperIds[0]!,
            code,
            name,
            budget,
            tax_title: tax ? name : null,
            tax_no: tax ? sampleCreditCode(900 + index * 10 + i, spec.region) : null,
            tax_address: tax ? "安徽省蚌埠市龙子湖区东海大道 1688 号" : null,
            tax_phone: tax ? spec.person[1] : null,
            tax_bank_name: tax ? "中国农业发展银行蚌埠市分行" : null,
            tax_bank_account: tax ? `2033401000${String(200_000 + index * 10 + i)}` : null,
            enabled,
          })
          .execute();
      }

      // 项目: approved and active, pending, rejected, approved and finished.
      const projects: Array<[name: string, shipper: number, audit: Project["audit_status"], status: Project["status"], from: string, to: string, weightKg: number, remark: string | null]> = [
        ["2026年最低收购价小麦移库", 0, "APPROVED", "ACTIVE", "2026-03-01", "2026-12-31", 20_000_000, "合同已备案"],
        ["2026年玉米轮换出库", 2, "PENDING", "ACTIVE", "2026-05-01", "2026-10-31", 8_000_000, null],
        ["稻谷跨省调运", 1, "REJECTED", "ACTIVE", "2026-04-01", "2026-09-30", 3_000_000, "合同编号与上传合同不一致，请核对后重新提交"],
        ["2025年秋粮收购运输", 0, "APPROVED", "FINISHED", "2025-09-01", "2025-12-31", 15_000_000, "项目已按计划完成"],
      ];
      for (const [i, [name, shipperIndex, audit, status, from, to, weight, remark]] of projects.entries()) {
        const at = new Date(start + (10 + i) * DAY).toISOString();
        const row = await trx
          .insertInto("projects")
          .values({
            ...scoped(o, at),
            project_no: serials.next("XM", at),
            name,
            shipper_id: shipperIds[shipperIndex]!,
            contract_no: `HT${chinaCompactDate(at)}${String(index * 10 + i + 1).padStart(4, "0")}`,
            loading_contact_id: contactIds[0] ?? null,
            unloading_contact_id: contactIds[1] ?? null,
            period_from: from,
            period_to: to,
            planned_weight: weight,
            status,
            audit_status: audit,
            audit_remark: audit === "PENDING" ? null : remark,
            remark: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await auditHistory(trx, o, "project", Number(row.id), audit, at, auditor, audit === "PENDING" ? null : remark);
        if (status === "FINISHED") await event(trx, o, "project", Number(row.id), { action: "FINISH", label: "结束项目", from: "ACTIVE", to: "FINISHED", by: operator, at: new Date(Date.parse(at) + 30 * DAY).toISOString() });
      }
    }

    // The individual's personal organisation (as platform/resources/write.ts personalOrgId creates it).
    const individual = user("INDIVIDUAL_USER");
    if (individual.tenant_id != null) {
      let orgId = individual.org_id == null ? null : Number(individual.org_id);
      if (orgId === null) {
        const org = await trx.insertInto("organisations").values({ platform_id: "A", tenant_id: individual.tenant_id, name: `${individual.name}（个人）`, credit_code: null }).returning("id").executeTakeFirstOrThrow();
        orgId = Number(org.id);
        await trx.updateTable("users").set({ org_id: orgId }).where("id", "=", individual.id).execute();
      }
      const me = { id: Number(individual.id), name: String(individual.name) };
      const o: Owner = { platformId: "A", tenantId: Number(individual.tenant_id), orgId, ownerUserId: me.id, operator: me };
      await seedCargosAndContacts(trx, o, grain, CARGOS.slice(0, 2), ORGS[0].places.slice(0, 2), now - 20 * DAY);
    }

    const counters = serials.rows();
    if (counters.length) await trx.insertInto("serial_counters").values(counters).execute();
  });
}
