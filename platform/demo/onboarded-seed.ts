/**
 * One enterprise, one driver and one vehicle of the demo data that went through the
 * onboarding a new customer goes through, with one waybill that went through the whole chain. Nothing
 * here is inserted by hand: the seeder starts the platform in-process on a free local port and makes the
 * calls the console's pages and the driver app make, as the people who make them (the platform's staff,
 * the enterprise's 管理员 with the password the SMS brought him, the driver after 账号激活). The one
 * direct write is the clock: a trip takes hours, so the dispatch is moved back before the driver loads.
 * Its 证照, 磅单 and 转账凭证 are photos uploaded through the file store, as the upload widget sends them.
 *
 * The enterprise 淮北恒信粮贸有限公司 (管理员 13800000031), its driver 韩立新 (13800000032) and his
 * vehicle 皖F·36031 log in with the demo password like the other demo accounts.
 */
import { constants, publicEncrypt, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../app.js";
import { loadPlatformConfig } from "../config.js";
import { creditCodeWithCheck } from "../../contract/validation.js";
import { exampleIdCard } from "../../contract/resources/driver.js";
import { CREDENTIAL_TYPES, MANDATORY_CREDENTIALS, type SubjectType } from "../../contract/resources/credential.js";
import { demoPng } from "../documents/png.js";
import { SEED_DOCUMENT } from "../documents/documents.js";
import type { Db } from "../db/index.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type SeedIds } from "../db/seed.js";

export const ONBOARDED = {
  enterprise: "淮北恒信粮贸有限公司",
  adminMobile: "13800000031",
  driverName: "韩立新",
  driverMobile: "13800000032",
  plateNo: "皖F36031",
} as const;

interface Envelope<T> {
  code: number;
  message?: string;
  errorMsg?: string;
  data?: T;
}

export async function seedOnboarded(db: Db, _ids: SeedIds): Promise<void> {
  void _ids;
  // Its uploads land in a scratch directory: they are demo documents, which every platform that starts
  // on this database writes into its own data directory (restoreSeedDocuments).
  const scratch = mkdtempSync(join(tmpdir(), "tms-onboarded-"));
  const { app } = await buildApp({ db, config: { ...loadPlatformConfig({} as NodeJS.ProcessEnv), databaseUrl: "", dataDir: scratch } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  try {
    await onboard(db, base);
  } finally {
    await app.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function onboard(db: Db, base: string) {
  const call = async <T>(path: string, body?: unknown, token?: string, method = "POST"): Promise<T> => {
    const response = await fetch(base + path, {
      method,
      headers: { "X-Platform": "A", ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.code !== 200) throw new Error(`onboarded seed: ${method} ${path}: ${envelope.message ?? envelope.errorMsg ?? response.status}`);
    return envelope.data as T;
  };
  const login = async (mobile: string, password: string) => {
    const { csrfToken, publicKey } = await call<{ csrfToken: string; publicKey: string }>("/api/v1/auth/csrf", { clientId: "seed" });
    const authSecret = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(password)).toString("base64");
    return (await call<{ accessToken: string }>("/api/v1/auth/third-class-insurance/token", { grantType: "password", authKey: mobile, authSecret, clientId: "seed", csrfToken })).accessToken;
  };
  const smsTo = async (mobile: string) => {
    const { sent } = (await (await fetch(`${base}/dev/sms-standin/_control/messages`)).json()) as { sent: Array<{ mobile: string; text: string }> };
    return sent.filter((m) => m.mobile === mobile).map((m) => m.text);
  };
  const k = db.kysely;
  const platform = await login(DEMO_ACCOUNTS.SYSTEM_USER, DEMO_PASSWORD);
  const uploaded: number[] = [];
  /** A photo uploaded by `owner` through the file store (what the upload widget sends); answers its `/files/<id>`. */
  const upload = async (kind: "CREDENTIAL" | "WEIGH_TICKET" | "RECHARGE_VOUCHER", title: string, owner: string) => {
    const response = await fetch(`${base}/document/upload?${new URLSearchParams({ name: `${title}.png`, kind })}`, {
      method: "POST",
      headers: { "X-Platform": "A", Authorization: `Bearer ${owner}`, "Content-Type": "application/octet-stream" },
      body: new Uint8Array(demoPng(title)),
    });
    const file = (await response.json()) as Envelope<{ id: number; url: string }>;
    if (file.code !== 200) throw new Error(`onboarded seed: upload of ${title}: ${file.message ?? file.errorMsg}`);
    uploaded.push(file.data!.id);
    return file.data!.url;
  };
  /** The subject's mandatory 证照: each photo uploaded by `owner` on 上传证照, then audited one by one by the platform. */
  const credentials = async (subjectType: SubjectType, subjectId: number, owner: string, certNo: string) => {
    for (const credType of MANDATORY_CREDENTIALS[subjectType] ?? []) {
      const image = await upload("CREDENTIAL", `${CREDENTIAL_TYPES[credType].label} ${certNo}`, owner);
      const credential = await call<{ id: number }>("/tms-credential", { subjectType, subjectId, credType, certNo, validTo: "2031-12-31", images: [image] }, owner);
      await call(`/tms-credential/${credential.id}/approve`, { auditRemark: "证照清晰有效" }, platform);
    }
  };

  // 新增企业 and 企业审核 by the platform; the 管理员's initial password arrives by SMS and he changes it.
  const enterprise = await call<{ id: number }>("/tms-enterprise", {
    name: ONBOARDED.enterprise,
    creditCode: creditCodeWithCheck("91340600MA2T8H3X1"),
    kind: "SHIPPER",
    businessMode: "SELF_OPERATED",
    adminName: "韩经理",
    adminMobile: ONBOARDED.adminMobile,
    contactName: "韩经理",
    contactMobile: "0561-3123456",
    registeredAddress: "安徽省淮北市相山区人民中路 168 号",
  }, platform);
  await credentials("ENTERPRISE", enterprise.id, platform, "91340600MA2T8H3X1");
  await call(`/tms-enterprise/${enterprise.id}/approve`, { auditRemark: "资料齐全，同意" }, platform);
  const initial = /初始密码 (\S+)，/.exec((await smsTo(ONBOARDED.adminMobile)).join("\n"))?.[1];
  if (!initial) throw new Error("onboarded seed: the administrator's SMS carried no initial password");
  const first = await login(ONBOARDED.adminMobile, initial);
  await call("/personal/password", { oldPassword: initial, newPassword: DEMO_PASSWORD }, first);
  const admin = await login(ONBOARDED.adminMobile, DEMO_PASSWORD);
  const { org_id: orgId } = await k.selectFrom("enterprise_profiles").select("org_id").where("id", "=", enterprise.id).executeTakeFirstOrThrow();

  // His driver and vehicle, approved by the platform.
  const idCardNo = exampleIdCard(36_031);
  const roster = await call<{ id: number; profileId: number }>("/tms-driver", { name: ONBOARDED.driverName, mobile: ONBOARDED.driverMobile, idCardNo, driverType: "OWN", vehicleClass: "A2", licenseValidTo: "2032-03-15", qualificationCertNo: idCardNo, qualificationValidTo: "2030-12-31" }, admin);
  const vehicle = await call<{ id: number }>("/tms-vehicle", {
    plateNo: ONBOARDED.plateNo,
    plateColorCode: "2",
    vehicleType: "重型半挂牵引车",
    energyType: "B",
    loadCapacity: 35_000,
    grossMass: 49_000,
    ownershipType: "OWN",
    driverId: roster.id,
    ownerName: ONBOARDED.enterprise,
    useCharacter: "货运",
    vin: "LFWSRXRJ5A1E36031",
    licenseValidTo: "2030-06-30",
    roadCertNo: "340600136031",
  }, admin);
  const { profile_id: profileId } = await k.selectFrom("freight_drivers").select("profile_id").where("id", "=", roster.id).executeTakeFirstOrThrow();
  await credentials("DRIVER", Number(profileId), admin, idCardNo);
  await credentials("VEHICLE", vehicle.id, admin, "340600136031");
  await call(`/tms-driver-profile/${profileId}/approve`, { auditRemark: "证照齐全" }, platform);
  await call(`/tms-vehicle/${vehicle.id}/approve`, { auditRemark: "证照齐全" }, platform);

  // The driver sets his password on 账号激活.
  await call("/api/v1/auth/activation/sms", { clientId: "seed", mobile: ONBOARDED.driverMobile });
  const { content: code } = await call<{ content: string }>(`/api/v1/dev/outbox?mobile=${ONBOARDED.driverMobile}&kind=sms`, undefined, undefined, "GET");
  await call("/api/v1/auth/activation", { mobile: ONBOARDED.driverMobile, smsCode: code, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD });
  const driver = await login(ONBOARDED.driverMobile, DEMO_PASSWORD);

  // His 托运人 and 货物, an order, its source (published and approved), the dispatch.
  const shipper = await call<{ id: number }>("/tms-shipper", { kind: "COMPANY", name: "淮北市粮食储备库", creditCode: creditCodeWithCheck("12340600MB1A3601X"), legalPerson: "周建国", address: "安徽省淮北市杜集区龙山路 9 号", contactName: "周主任", contactMobile: "13955610031", taxTitle: "淮北市粮食储备库", taxNo: creditCodeWithCheck("12340600MB1A3601X"), settleMode: "MONTHLY" }, admin);
  // Orders choose approved shippers only: the platform's staff audit the new one.
  await call(`/tms-shipper/${shipper.id}/approve`, { auditRemark: "资料齐全，同意" }, platform);
  const categories = await k.selectFrom("cargo_categories").select("id").where("platform_id", "=", "A").where("name", "=", "小麦").executeTakeFirstOrThrow();
  const cargo = await call<{ id: number }>("/tms-cargo", { name: "国标二等小麦", categoryId: Number(categories.id), packaging: "BULK", unitPrice: 280_000, lossAllowanceBp: 30 }, admin);
  const order = await call<{ id: number; orderNo: string }>("/tms-order-manage", {
    freightWay: "ROAD",
    businessMode: "SELF_OPERATED",
    shipperId: shipper.id,
    cargoId: cargo.id,
    businessTypeCode: "1002996",
    consigneeName: "合肥市粮食收储有限公司",
    loadingPlace: "淮北市粮食储备库",
    loadingRegionCode: "340602",
    loadingAddress: "安徽省淮北市杜集区龙山路 9 号",
    unloadingPlace: "合肥北粮库",
    unloadingRegionCode: "340103",
    unloadingAddress: "安徽省合肥市庐阳区北城大道 100 号",
    distanceKm: 190,
    plannedWeight: 60_000,
    unitPrice: 8_500,
    shipperUnitPrice: 9_000,
    settleBasis: "MIN",
  }, admin);
  const day = 86_400_000;
  const start = Math.ceil(Date.now() / day) * day + day;
  const supply = await call<{ id: number }>("/tms-supply", {
    orderNo: order.orderNo,
    businessMode: "SELF_OPERATED",
    freightWay: "ROAD",
    shipperId: shipper.id,
    cargoId: cargo.id,
    loadingPlace: "淮北市粮食储备库",
    loadingRegionCode: "340602",
    loadingAddress: "安徽省淮北市杜集区龙山路 9 号",
    loadingContactName: "周主任",
    loadingContactMobile: "13955610031",
    unloadingPlace: "合肥北粮库",
    unloadingRegionCode: "340103",
    unloadingAddress: "安徽省合肥市庐阳区北城大道 100 号",
    unloadingContactName: "钱调度",
    unloadingContactMobile: "13905530022",
    distanceKm: 190,
    stowageMode: "BY_WEIGHT",
    totalWeight: 60_000,
    priceMode: "FIXED",
    carrierUnitPrice: 8_500,
    shipperUnitPrice: 9_000,
    lossAllowanceBp: 30,
    prepayEnabled: false,
    loadingFrom: new Date(start).toISOString(),
    loadingTo: new Date(start + 5 * day).toISOString(),
    validUntil: new Date(start + 6 * day).toISOString(),
    publishScope: "PUBLIC",
    contactName: "韩经理",
    contactMobile: ONBOARDED.adminMobile,
    requireLoadingProof: true,
    requireUnloadingProof: true,
  }, admin);
  await call(`/tms-supply/${supply.id}/publish`, {}, admin);
  await call(`/tms-supply/${supply.id}/approve`, { auditRemark: "同意发布" }, platform);
  const dispatched = await call<{ freights: Array<{ id: number; freightNo: string }> }>("/tms-freight-dispatch/dispatch", { orderId: order.id, items: [{ driverId: roster.id, vehicleId: vehicle.id, plannedWeight: 30_000 }] }, admin);
  const waybill = dispatched.freights[0]!;

  // The trip: the clock moved back to yesterday's dispatch; the app reports what it recorded on the road.
  const hour = 3_600_000;
  const dispatchedAt = Date.now() - 26 * hour;
  await k.updateTable("freights").set({ created_at: new Date(dispatchedAt).toISOString() }).where("id", "=", waybill.id).execute();
  await call("/tms-freight/loading", { id: waybill.id, loadedWeight: 30_000, loadingTime: new Date(dispatchedAt + hour).toISOString(), weighTicketUrl: await upload("WEIGH_TICKET", "装货磅单 皖F36031", driver) }, driver);
  const points = Array.from({ length: 19 }, (_, i) => ({ lat: 33.95 - i * 0.075, lng: 116.8 - i * 0.02, speed: 60 + (i % 4) * 5, recordedAt: new Date(dispatchedAt + hour + (i + 1) * 600_000).toISOString() }));
  await call("/tms-vehicle-position/report", { vehicleId: vehicle.id, points }, driver);
  await call("/tms-freight/unLoading", { id: waybill.id, unloadedWeight: 29_960, unloadingTime: new Date(dispatchedAt + 4.5 * hour).toISOString(), weighTicketUrl: await upload("WEIGH_TICKET", "卸货磅单 皖F36031", driver) }, driver);
  for (const step of ["sign", "fleet-confirm", "complete"]) await call(`/tms-freight/${step}`, { id: waybill.id }, admin);

  // The money: recharge, confirmed by the platform; the payment; the driver withdraws part and is paid out.
  await call("/pay/recharges", { requestNo: randomUUID(), amount: 500_000, payerName: ONBOARDED.enterprise, payerAccountNo: "622202136031000123", payerBank: "中国工商银行淮北分行", bankSerialNo: "ICBC2026136031", transferTime: new Date(Date.now() - 2 * hour).toISOString(), voucherUrl: await upload("RECHARGE_VOUCHER", "转账凭证 ICBC2026136031", admin) }, admin);
  const recharge = await k.selectFrom("recharges").select("id").where("org_id", "=", orgId).orderBy("id", "desc").executeTakeFirstOrThrow();
  await call(`/pay/recharges/${recharge.id}/confirm`, {}, platform);
  // A new enterprise pays through 支付审核 (付款须审核 = 是): its administrator approves the payment.
  const payment = await call<{ paymentId: number; status: string }>("/pay/payments", { requestNo: randomUUID(), freightIds: [waybill.id] }, admin);
  if (payment.status === "PENDING_AUDIT") await call(`/pay/payments/${payment.paymentId}/approve`, {}, admin);
  const card = await call<{ id: number }>("/pay/bank-cards", { holderName: ONBOARDED.driverName, cardNo: "6222021234567890128", bankName: "中国工商银行", bankBranch: "淮北分行" }, driver);
  await call("/pay/withdrawals", { requestNo: randomUUID(), bankCardId: card.id, amount: 100_000 }, driver);
  const withdrawal = await k.selectFrom("withdrawals").select("id").where("owner_type", "=", "USER").where("bank_card_id", "=", card.id).orderBy("id", "desc").executeTakeFirstOrThrow();
  await call(`/pay/withdrawals/${withdrawal.id}/approve`, {}, platform);
  await call(`/pay/withdrawals/${withdrawal.id}/result`, { result: "SUCCESS", bankSerialNo: "ICBCOUT2026136031" }, platform);
  // The photos' bytes are made from their names: marked as demo documents, every data directory that
  // starts on this database (a copied test database, a restored backup) writes them again.
  await k.updateTable("system_files").set({ biz_type: SEED_DOCUMENT }).where("id", "in", uploaded).execute();
}
