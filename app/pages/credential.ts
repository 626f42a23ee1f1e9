import { credential, type SubjectType } from "../../contract/resources/credential";
import type { ListPage, RelatedSection } from "./kit";

/** A subject's credentials as a related list: type, number, holder, validity, rejections, state; auditors 通过 / 驳回 each. */
const credentialList: ListPage = {
  kind: "list",
  def: credential,
  path: "",
  rowActions: ["approve", "reject"],
  columns: ["credType", "certNo", "holderName", "validTo", "rejectCount", "status"],
  links: {},
};

export const credentialsSection = (type: SubjectType): RelatedSection => ({
  title: "证照",
  page: () => credentialList,
  filter: (record) => ({ subjectType: type, subjectId: Number(record.id) }),
});
