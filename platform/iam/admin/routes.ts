/** The IAM administration service's routes (domain 6.1–6.5, 6.15, 6.21, 7.6). */
import type { FastifyInstance } from "fastify";
import type { ServiceContext } from "../../context.js";
import { appVersionRoutes } from "./app-version.js";
import { acceptRawUploads, systemFileRoutes } from "./files.js";
import { operationLogRoutes } from "./oplog.js";
import { personalRoutes } from "./personal.js";
import { rbacRoutes } from "./rbac.js";
import { sysConfigRoutes } from "./sys-config.js";
import { wechatRoutes } from "./wechat.js";

export async function iamAdminRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  acceptRawUploads(app);
  for (const register of [operationLogRoutes, sysConfigRoutes, systemFileRoutes, appVersionRoutes, rbacRoutes, personalRoutes, wechatRoutes]) await register(app, ctx);
}
