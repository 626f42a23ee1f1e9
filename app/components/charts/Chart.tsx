/** A chart drawn on the server (app/lib/charts.server.ts): its SVG, shown as it is. */
export function Chart({ svg, testId = "chart" }: { svg: string; testId?: string }) {
  // The SVG is built by our renderer from escaped text; it needs no script to show.
  return <div className="overflow-x-auto [&>svg]:h-auto [&>svg]:w-full [&>svg]:min-w-[720px]" data-testid={testId} dangerouslySetInnerHTML={{ __html: svg }} />;
}
