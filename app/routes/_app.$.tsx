import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotBuilt } from "~/components/ui/NotBuilt";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { pageTitle } from "~/navigation";
import { requirePage } from "~/services/user.server";

/**
 * Every path of the route map without a page of its own: access is checked (401 page with 403,
 * group → default child, unknown → 404), then the page says plainly that it is not built yet.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePage(request);
  const path = new URL(request.url).pathname;
  return json({ path, title: pageTitle(path) ?? path });
}

export default function NotBuiltPage() {
  const { path, title } = useLoaderData<typeof loader>();
  return <NotBuilt title={title} path={path} />;
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
