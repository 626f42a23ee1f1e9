import { credential, type SubjectType } from "../../contract/resources/credential";
import { hrefFor, type FormPage, type ListPage, type RelatedSection } from "./kit";

/** A subject's credentials as a related list: type, number, holder, validity, rejections and the last reason (what its owner must put right), state; auditors 通过 / 驳回 each. */
const credentialList: ListPage = {
  kind: "list",
  def: credential,
  path: "",
  rowActions: ["approve", "reject"],
  columns: ["credType", "images", "certNo", "holderName", "validTo", "rejectCount", "rejectReason", "status"],
  links: {},
};

/** Where a subject's page is, to return to after a credential upload (staff pages). */
export const SUBJECT_PAGES: Partial<Record<SubjectType, string>> = {
  DRIVER: "/userInfoManage/driver/detail/:id",
  VEHICLE: "/userInfoManage/car/detail/:id",
  CAPTAIN: "/userInfoManage/captain/detail/:id",
  SHIP: "/userInfoManage/ship/detail/:id",
  ENTERPRISE: "/userInfoManage/enterprise/:id",
};

/**
 * Where an organisation's own subjects are listed, to return to when the upload names no page (its
 * driver and captain pages are roster entries, the subject is the person's profile).
 */
export const OWN_SUBJECT_LISTS: Partial<Record<SubjectType, string>> = {
  DRIVER: "/resourceManager/driverList",
  VEHICLE: "/carAdministration/carOperate",
  CAPTAIN: "/resourceManager/captainList",
};

/** 上传证照: the credential form, its subject given in the query (?subjectType=DRIVER&subjectId=5). Staff, and organisations for their own rows. */
export const CREDENTIAL_ADD_PATH = "/userInfoManage/credential/add";
export const OWN_CREDENTIAL_ADD_PATH = "/resourceManager/credential/add";
export const credentialAdd: FormPage = { kind: "form", def: credential, path: CREDENTIAL_ADD_PATH, title: "上传证照", mode: "create", links: { list: "/userInfoManage/driverList" } };
export const ownCredentialAdd: FormPage = { ...credentialAdd, path: OWN_CREDENTIAL_ADD_PATH, links: { list: "/resourceManager/driverList" } };

/**
 * The 证照 of a record's subject, with 上传证照. Staff pages show a subject itself (its id); an
 * organisation's roster entry names the person's profile (`subjectKey: "profileId"`) and uploads on
 * its own page, coming back to `ownPage` (the entry's detail).
 */
export const credentialsSection = (type: SubjectType, own?: { subjectKey?: string; ownPage: string }): RelatedSection => {
  const subjectId = (record: Record<string, unknown>) => Number(record[own?.subjectKey ?? "id"]) || 0;
  return {
    title: "证照",
    createHref: (record) => {
      const query = new URLSearchParams({ subjectType: type, subjectId: String(subjectId(record)) });
      if (own) query.set("back", hrefFor(own.ownPage, Number(record.id))!);
      return `${own ? OWN_CREDENTIAL_ADD_PATH : CREDENTIAL_ADD_PATH}?${query.toString()}`;
    },
    page: () => credentialList,
    filter: (record) => ({ subjectType: type, subjectId: subjectId(record) }),
  };
};
