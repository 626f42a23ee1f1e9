/**
 * The lint rules that keep server code out of the browser bundle (eslint-rules/server-modules.js):
 * each pattern that broke a page with JavaScript on is refused, the working ones pass.
 */
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, it } from "vitest";
import serverModules from "../../eslint-rules/server-modules.js";

// RuleTester runs its cases through the test framework's hooks when it is given them.
Object.assign(RuleTester, { afterAll, describe, it });

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser as never, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const rules = serverModules.rules;

tester.run("no-server-imports-in-browser-code", rules["no-server-imports-in-browser-code"], {
  valid: [
    `import type { submissionListLoader } from "~/services/pages/submission.server";`,
    `import { type submissionListLoader } from "~/services/pages/submission.server";`,
    `import { REPORT_STATUS_OPTIONS } from "../../../contract/submission";`,
  ],
  invalid: [
    {
      // SubmissionListPage read STATUS_OPTIONS from the loader's module: undefined in the browser.
      code: `import { STATUS_OPTIONS, type submissionListLoader } from "~/services/pages/submission.server";`,
      errors: [{ messageId: "valueImport" }],
    },
    { code: `import * as money from "~/services/pages/money.server";`, errors: [{ messageId: "valueImport" }] },
  ],
});

tester.run("server-values-only-in-server-code", rules["server-values-only-in-server-code"], {
  valid: [
    `import { listOrDetailLoader } from "~/services/pages/deliveries.server";
     export const loader = (args) => listOrDetailLoader(list, detail, args);`,
    `import { submissionListLoader } from "~/services/pages/submission.server";
     export const loader = submissionListLoader;`,
    `import { requirePage } from "~/services/user.server";
     async function load(request) { return requirePage(request); }
     export async function loader({ request }) { return load(request); }`,
  ],
  invalid: [
    {
      // deliveryList: "listOrDetailLoader is not a function" while the browser loaded the route.
      code: `import { listOrDetailLoader, waybillsBy } from "~/services/pages/deliveries.server";
             export const loader = listOrDetailLoader(list, detail, waybillsBy("deliveryId"));`,
      errors: [{ messageId: "atLoad" }, { messageId: "atLoad" }],
    },
    {
      code: `import { settings } from "~/services/settings.server";
             const value = settings.read();`,
      errors: [{ messageId: "atLoad" }],
    },
    {
      // 进项票 rendered its template link from a server constant: no link once hydrated.
      code: `import { TICKET_TEMPLATE_PATH } from "~/services/pages/ticket-import.server";
             export default function Page() { return <a href={TICKET_TEMPLATE_PATH}>模板</a>; }`,
      errors: [{ messageId: "inBrowser" }],
    },
  ],
});
