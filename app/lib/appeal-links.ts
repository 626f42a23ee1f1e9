/** Addresses of the appeal pages (spec 2.2 dispatchManage/appeal*), from the page bindings. */
import { APPEAL_PAGE_PERMISSIONS } from "../../contract/permissions";
import { hrefFor } from "~/pages/kit";
import { appealPages } from "~/pages/appeal";

export { appealSubmitHref } from "~/pages/appeal";
export const APPEAL_LIST_PATH = appealPages.list!.path;
export const appealDetailHref = (id: number) => hrefFor(appealPages.detail!.path, id)!;

/** The permission codes that show each appeal entry (the pages check them again): contract/appeal.ts. */
export const APPEAL_ROLES = APPEAL_PAGE_PERMISSIONS;
