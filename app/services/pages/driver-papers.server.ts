/**
 * 我的证照 (`/driver/papers`): his papers as the platform lists them for him, and the upload of one (a
 * photo from the camera, 有效期至, 长期有效) that goes to staff review. A plain multipart form: it works
 * without JavaScript (the photo is then uploaded as taken).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { chinaDate } from "../../../contract/units";
import { CREDENTIAL_TYPES, OWN_CREDENTIAL_PATHS, type CredentialRecord, type CredentialType, type OwnPaper, type OwnPapers } from "../../../contract/resources/credential";
import { DRIVER_PAPERS, paperKey } from "~/lib/driver-papers";
import { readDocumentForm } from "~/services/documents.server";
import { pageJson } from "~/services/page-data.server";
import { PlatformError } from "~/services/platform.server";
import { requirePage, type CurrentUser } from "~/services/user.server";

const PHOTO_FIELD = "images";

const papersOf = async (user: CurrentUser) => (await user.call<OwnPapers>({ path: OWN_CREDENTIAL_PATHS.search, body: {} })).papers;

export async function driverPapersLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const papers = await papersOf(user);
  const uploading = papers.find((paper) => paperKey(paper) === url.searchParams.get("upload")) ?? null;
  const done = url.searchParams.get("done") as CredentialType | null;
  return pageJson(user, {
    papers,
    today: chinaDate(),
    uploading: uploading ? paperKey(uploading) : null,
    done: done && done in CREDENTIAL_TYPES ? `「${CREDENTIAL_TYPES[done].label}」已提交，等待平台审核` : null,
  });
}
export type DriverPapersLoader = typeof driverPapersLoader;

/** What he entered, kept when the upload is refused (the photo already uploaded is held as its reference). */
interface PaperValues {
  key: string;
  photo: string;
  validTo: string;
  longTerm: boolean;
}

export async function driverPapersAction({ request }: ActionFunctionArgs) {
  const user = await requirePage(request);
  const { form, errors } = await readDocumentForm(request, user, { [PHOTO_FIELD]: "CREDENTIAL" });
  const values: PaperValues = { key: String(form.get("paper") ?? ""), photo: String(form.get(PHOTO_FIELD) ?? "").trim(), validTo: String(form.get("validTo") ?? "").trim(), longTerm: form.get("longTerm") === "true" };
  const refuse = (fieldErrors: Record<string, string>, refusal: string | null = null) => json({ values, errors: fieldErrors, refusal }, { status: 400 });
  const paper: OwnPaper | undefined = (await papersOf(user)).find((p) => paperKey(p) === values.key);
  if (!paper) return refuse({}, "没有找到要上传的证照，请回到「我的证照」重新选择");
  if (Object.keys(errors).length) return refuse({ [PHOTO_FIELD]: Object.values(errors).join("；") });
  if (!values.photo) return refuse({ [PHOTO_FIELD]: `请拍${paper.credLabel}的照片` });
  try {
    await user.call<CredentialRecord>({
      path: OWN_CREDENTIAL_PATHS.submit,
      body: { subjectType: paper.subjectType, subjectId: paper.subjectId, credType: paper.credType, images: [values.photo], validTo: values.validTo || null, longTerm: values.longTerm },
    });
  } catch (error) {
    if (error instanceof PlatformError) return refuse({}, error.message);
    throw error;
  }
  return redirect(`${DRIVER_PAPERS}?${new URLSearchParams({ done: paper.credType })}`, { headers: await user.cookieHeaders() });
}
export type DriverPapersAction = typeof driverPapersAction;
