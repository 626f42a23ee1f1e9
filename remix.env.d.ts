/// <reference types="@remix-run/node" />

/** Vite's `?url` import (a stylesheet's URL for `links`). */
declare module "*?url" {
  const url: string;
  export default url;
}
