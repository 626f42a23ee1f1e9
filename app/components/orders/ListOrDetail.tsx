import { useLoaderData } from "@remix-run/react";
import type { ComponentProps } from "react";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import type { DetailPage, ListPage } from "~/pages/kit";

/** A list route that shows one record with `?id=` (see `listOrDetailLoader`). */
export function ListOrDetail({ list, detail, after }: { list: ListPage; detail: DetailPage; after?: ComponentProps<typeof ResourceDetailPage>["after"] }) {
  const data = useLoaderData() as Record<string, unknown>;
  return "record" in data ? <ResourceDetailPage page={detail} after={after} /> : <ResourceListPage page={list} />;
}
