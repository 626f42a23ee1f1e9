import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { appVersion } from "../../contract/resources/app-version.js";
import { role, user } from "../../contract/resources/iam.js";

export interface PlatformsTable {
  id: string;
  name: string;
  title: string;
}

export interface TenantsTable {
  id: Generated<number>;
  platform_id: string;
  name: string;
}

export interface OrganisationsTable {
  id: Generated<number>;
  platform_id: string;
  tenant_id: number;
  name: string;
  credit_code: string | null;
}

export interface PermissionsTable {
  code: string;
  name: string;
  category: string;
}

export const ROLE_TABLE = tableOf(role, { status: "status", generated: ["builtIn", "status"], notNull: ["name", "userType"], omit: ["owner", "permissionCount", "userCount", "changedTime"] });

export interface RolesTable extends TableOf<typeof ROLE_TABLE> {
  id: Generated<number>;
  platform_id: string;
  tenant_id?: number | null;
  org_id?: number | null;
  created_at?: string | null;
  updated_at?: string | null;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_code: string;
}

export const USER_TABLE = tableOf(user, { notNull: ["mobile", "name", "userType", "createdAt"], omit: ["scopeName", "roleNames", "accountStatus", "staffAccount"] });

export interface UsersTable extends TableOf<typeof USER_TABLE> {
  id: Generated<number>;
  platform_id: string;
  tenant_id: number | null;
  org_id: number | null;
  password_hash: string;
  headshot_url: string | null;
  status: string;
  failed_attempts: number;
  locked_until: string | null;
  email?: string | null;
  password_changed_at?: string | null;
  remark?: string | null;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SystemFilesTable {
  id: Generated<number>;
  platform_id: string;
  file_code: string | null;
  category: string;
  original_name: string;
  storage_key: string;
  mime: string;
  size_bytes: number;
  sha256: string;
  version: number;
  visibility: string;
  biz_type: string | null;
  biz_id: number | null;
  uploaded_by: number | null;
  created_at: string;
  deleted_at: string | null;
  /** 32 hex characters: the only way to read a PUBLIC file anonymously (`/files/p/<token>`). */
  public_token: string | null;
}

/** APP 版本 (contract/resources/app-version.ts); `download_url` has taken null since its migration (0014), beside `package_file_id`. */
export const APP_VERSION_TABLE = tableOf(appVersion, { status: "status", generated: ["isForce"], nullable: ["downloadUrl"] });

export interface AppVersionsTable extends TableOf<typeof APP_VERSION_TABLE>, EngineColumns {
  package_file_id: number | null;
  file_md5: string | null;
}

export interface SysConfigsTable {
  id: Generated<number>;
  platform_id: string;
  config_key: string;
  config_value: string;
  value_type: string;
  description: string | null;
  updated_by: number | null;
  updated_at: string;
}

export interface SysOperationLogsTable {
  id: Generated<number>;
  platform_id: string;
  user_id: number | null;
  user_name: string | null;
  mobile: string | null;
  user_type: string | null;
  module: string;
  content: string;
  system: string;
  kind: string;
  method: string | null;
  path: string | null;
  result: string | null;
  error_msg: string | null;
  duration_ms: number | null;
  ip: string;
  user_agent: string;
  created_at: string;
}

export interface UserWechatBindingsTable {
  id: Generated<number>;
  platform_id: string;
  user_id: number;
  openid: string;
  created_at: string;
}

export interface WechatBindingStatesTable {
  nonce: string;
  used_at: string;
}

export interface IamTables {
  system_files: SystemFilesTable;
  app_versions: AppVersionsTable;
  sys_configs: SysConfigsTable;
  sys_operation_logs: SysOperationLogsTable;
  user_wechat_bindings: UserWechatBindingsTable;
  wechat_binding_states: WechatBindingStatesTable;
  platforms: PlatformsTable;
  tenants: TenantsTable;
  organisations: OrganisationsTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
}
