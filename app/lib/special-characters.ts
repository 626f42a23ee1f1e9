/**
 * Spec 5's special-character filter in the browser: an input marked with it loses every character but
 * letters, digits, Chinese characters, apostrophe, dot and hyphen when it loses focus. Which inputs are
 * marked comes from the contract (a resource field's `sanitize`, a bespoke schema's `nameText` /
 * `nameFilter`); the platform applies the same rule to what it receives, so a page without JavaScript
 * gets the same result.
 */
import type { FocusEvent } from "react";
import type { ZodTypeAny } from "zod";
import { specialCharacterFields } from "../../contract/fields";
import { stripSpecialCharacters } from "../../contract/validation";

function stripOnBlur(event: FocusEvent<HTMLInputElement>) {
  const clean = stripSpecialCharacters(event.currentTarget.value);
  if (clean !== event.currentTarget.value) event.currentTarget.value = clean;
}

/** The props of a filtered input (`data-sanitize` and the blur handler); none for other inputs. */
export function specialCharacterProps(filtered: boolean): { "data-sanitize"?: "true"; onBlur?: (event: FocusEvent<HTMLInputElement>) => void } {
  return filtered ? { "data-sanitize": "true", onBlur: stripOnBlur } : {};
}

/** For a form over a contract schema: the filter props of each of its fields by name. */
export function specialCharacterPropsOf(schema: ZodTypeAny): (name: string) => ReturnType<typeof specialCharacterProps> {
  const filtered = specialCharacterFields(schema);
  return (name) => specialCharacterProps(filtered.has(name));
}
