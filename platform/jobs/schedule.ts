/**
 * The platform's background jobs in one table: platform/main.ts runs each every `everyMs` through the
 * JobRunner (one instance of several takes a period's run), bench/jobs.ts times their statements.
 */
import type { ServiceContext } from "../context.js";
import { refreshStatistics } from "../db/index.js";
import { flagExpiringCredentials } from "../documents/expiry.js";
import { collectSmsReceipts } from "../fleet/sms-gateway.js";
import { filePendingTemplates } from "../fleet/sms-template.resource.js";
import { runTimeoutDetector } from "../fleet/timeouts.js";
import { expireAvailabilities } from "../fleet/vehicle-availability.resource.js";
import { settleBacklog } from "../ledger/settlements.js";
import { markOverdueContainers } from "../orders/deliveries.resource.js";
import { fillDailyStats } from "../reports/daily-stats.js";
import { purgeClosedPersons } from "../masterdata/retention.js";
import { runSubmitter } from "../submission/sender.js";

export interface ScheduledJob {
  job: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Also run once at start. */
  runNow?: boolean;
}

export interface JobSettings {
  /** 数据报送's sender (TMS_REPORT_JOB=off stops it) and its period (TMS_REPORT_JOB_SECONDS). */
  reportJob: boolean;
  reportJobSeconds: number;
  /** The platform's own address, which the sender calls for the provinces' stand-ins in development. */
  selfUrl: string;
  /** Years personal data is kept after an account closes (TMS_PERSONAL_RETENTION_YEARS). */
  retentionYears: number;
}

export function scheduledJobs(ctx: ServiceContext, settings: JobSettings): ScheduledJob[] {
  const { db } = ctx;
  return [
    // 数据报送: builds and sends submission records every minute.
    ...(settings.reportJob ? [{ job: "submitter", everyMs: settings.reportJobSeconds * 1000, run: () => runSubmitter(db.kysely, { selfUrl: settings.selfUrl }), runNow: true }] : []),
    // 超时规则: the detector for the rules that fire on silence (loading not started, transit too long, offline).
    { job: "timeouts", everyMs: 60_000, run: () => runTimeoutDetector(ctx) },
    // 车源 whose window has passed become 已过期; 短信模板 报备中 are filed with the SMS gateway.
    { job: "availability-expiry", everyMs: 30_000, run: () => expireAvailabilities(db.kysely) },
    { job: "sms-template-filing", everyMs: 30_000, run: () => filePendingTemplates(ctx) },
    // 短信回执: 已提交 rows become 成功 or 失败 from the vendor's delivery receipts.
    { job: "sms-receipts", everyMs: 60_000, run: () => collectSmsReceipts(ctx) },
    // 还箱动态: containers still out after their return deadline become 已超期.
    { job: "container-overdue", everyMs: 60_000, run: () => markOverdueContainers(db.kysely) },
    // 证照到期提醒: nightly in effect (checked hourly; a credential is flagged once per 有效期至), the owner notified.
    { job: "credential-expiry", everyMs: 3_600_000, run: () => flagExpiringCredentials(ctx), runNow: true },
    // 结算: waybills completed before settlements were written with the 完成 step, or written straight into
    // the table (an import, the bench generator), are settled at start and hourly, one id range per statement.
    { job: "settlement-backlog", everyMs: 3_600_000, run: () => settleBacklog(db.kysely), runNow: true },
    // 日汇总: waybills the daily summary does not hold yet (a database from before it, a bulk load) are added in
    // id ranges at start and hourly; triggers keep it from then on (platform/reports/daily-stats.ts).
    { job: "daily-stats-backfill", everyMs: 3_600_000, run: () => fillDailyStats(db), runNow: true },
    // 个人信息保存期限: closings stamped, and the 证照 images and ID numbers of persons closed longer ago than the setting purged.
    { job: "personal-retention", everyMs: 3_600_000, run: () => purgeClosedPersons(ctx, { years: settings.retentionYears }), runNow: true },
    // The planner's statistics, where the data has changed much since they were taken (SQLite; PostgreSQL's autovacuum does it).
    { job: "db-statistics", everyMs: 3_600_000, run: () => refreshStatistics(db) },
  ];
}
