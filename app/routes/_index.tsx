import { redirect } from "@remix-run/node";

/** Spec 2.1: / goes to the home page. */
export const loader = () => redirect("/dashboard");
