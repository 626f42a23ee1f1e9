import type { UserType } from "../../contract/platforms.js";

/** The authenticated user behind a request, as every service sees it. */
export interface Caller {
  userId: number;
  tokenId: number;
  type: UserType;
  name: string;
  mobile: string;
  platformId: string;
  tenantId: number | null;
  orgId: number | null;
  permissions: ReadonlySet<string>;
}
