import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { CredentialAddPage, subjectOf } from "~/components/credential/CredentialAddPage";
import { OWN_SUBJECT_LISTS, ownCredentialAdd } from "~/pages/credential";
import { safeRedirect } from "~/lib/safe-redirect";
import { formAction, formLoader } from "~/services/resource-pages.server";

/** Back to the page the upload came from (`?back=`, a path of this console), else the subject's list. */
function back(search: URLSearchParams): string {
  const subject = subjectOf(search);
  const fallback = (subject ? OWN_SUBJECT_LISTS[subject.type] : undefined) ?? ownCredentialAdd.links.list!;
  return search.get("back") ? safeRedirect(search.get("back"), fallback) : fallback;
}

export const loader = (args: LoaderFunctionArgs) => formLoader(ownCredentialAdd, args);
/**
 * 上传证照 by an organisation for its own drivers, vehicles and captains: the platform accepts only a
 * subject in the caller's scope (its roster's profiles, its vehicles), so nobody uploads for another's.
 */
export const action = (args: ActionFunctionArgs) => formAction(ownCredentialAdd, args, () => back(new URL(args.request.url).searchParams));

export default function OwnCredentialAddRoute() {
  return <CredentialAddPage page={ownCredentialAdd} back={back} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
