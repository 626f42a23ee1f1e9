/**
 * The console's build: Remix's Vite plugin (docs/design/vite.md). The browser's files go to
 * build/console/client and are served under /build/ (scripts/console-server.ts), the server's
 * module to build/console/server/index.js (scripts/console-build-paths.ts names both for every
 * starter, test and benchmark).
 */
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { CONSOLE_BUILD_DIRECTORY } from "./scripts/console-build-paths";
import { layerChunks } from "./scripts/console-layer-chunks";
import { engineRoutes } from "./scripts/route-config.mjs";

// Typed loaders under single fetch: useLoaderData<typeof loader> is what turbo-stream sends.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The built assets' URLs, as the classic compiler had them; public/ is served by the console from
  // where it is. The dev server (`npm run dev:console`) serves both itself, at the root.
  base: command === "build" ? "/build/" : "/",
  publicDir: command === "build" ? false : "public",
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    rollupOptions: {
      onwarn(warning, warn) {
        // A resource route has no browser code: its empty chunk is expected.
        if (warning.code === "EMPTY_BUNDLE") return;
        // The server's module is one program: how its dynamic imports are chunked changes nothing.
        if (isSsrBuild && warning.plugin === "vite:reporter") return;
        warn(warning);
      },
      // The browser's scripts are named by their content's hash alone: each name stands in every document
      // twice (its preload link, the inline manifest), and the route and module names were about 0.35 KB
      // of the waybill list as sent. The hash still changes with the content, so the year's cache holds.
      output: isSsrBuild ? {} : { entryFileNames: "assets/[hash].js", chunkFileNames: "assets/[hash].js", manualChunks: layerChunks() },
    },
  },
  plugins: [
    remix({
      buildDirectory: CONSOLE_BUILD_DIRECTORY,
      ignoredRouteFiles: ["**/.*", "**/*.test.*"],
      serverModuleFormat: "esm",
      // The engine pages of the page registry, beside app/routes' files (scripts/route-config.mjs).
      routes: engineRoutes,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
    }),
  ],
}));
