import type { Generated } from "kysely";
import type { UserType } from "../../contract/platforms.js";

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

export interface RolesTable {
  id: Generated<number>;
  platform_id: string;
  name: string;
  user_type: UserType;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_code: string;
}

export interface UsersTable {
  id: Generated<number>;
  platform_id: string;
  tenant_id: number | null;
  org_id: number | null;
  type: UserType;
  mobile: string;
  name: string;
  password_hash: string;
  headshot_url: string | null;
  status: string;
  failed_attempts: number;
  locked_until: string | null;
  pw_expiration: string | null;
  created_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface IamTables {
  platforms: PlatformsTable;
  tenants: TenantsTable;
  organisations: OrganisationsTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
}
