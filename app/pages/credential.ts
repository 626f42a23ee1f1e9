import { credential, type SubjectType } from "../../contract/resources/credential";
import type { FormPage, ListPage, RelatedSection } from "./kit";

/** A subject's credentials as a related list: type, number, holder, validity, rejections, state; auditors 通过 / 驳回 each. */
const credentialList: ListPage = {
  kind: "list",
  def: credential,
  path: "",
  rowActions: ["approve", "reject"],
  columns: ["credType", "images", "certNo", "holderName", "validTo", "rejectCount", "status"],
  links: {},
};

/** Where a subject's page is, to return to after a credential upload (staff pages). */
export const SUBJECT_PAGES: Partial<Record<SubjectType, string>> = {
  DRIVER: "/userInfoManage/driver/detail/:id",
  VEHICLE: "/userInfoManage/car/detail/:id",
  SHIP: "/userInfoManage/ship/detail/:id",
  ENTERPRISE: "/userInfoManage/enterprise/:id",
};

/** 上传证照: the credential form, its subject given in the query (?subjectType=DRIVER&subjectId=5). */
export const CREDENTIAL_ADD_PATH = "/userInfoManage/credential/add";
export const credentialAdd: FormPage = { kind: "form", def: credential, path: CREDENTIAL_ADD_PATH, title: "上传证照", mode: "create", links: { list: "/userInfoManage/driverList" } };

export const credentialsSection = (type: SubjectType): RelatedSection => ({
  title: "证照",
  createHref: (record) => `${CREDENTIAL_ADD_PATH}?${new URLSearchParams({ subjectType: type, subjectId: String(record.id) }).toString()}`,
  page: () => credentialList,
  filter: (record) => ({ subjectType: type, subjectId: Number(record.id) }),
});
