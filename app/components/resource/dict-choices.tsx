/**
 * The platform's dictionaries a page's forms choose from (驳回原因 …), keyed by dictionary type: the
 * loader reads them (resource-pages.server `dictChoicesFor`), the page provides them, and a dictionary
 * field's select (FieldInput) takes its options here.
 */
import { createContext, useContext } from "react";

export type DictChoices = Record<string, Array<[code: string, label: string]>>;

export const DictChoicesContext = createContext<DictChoices>({});
export const useDictChoices = (type: string) => useContext(DictChoicesContext)[type] ?? [];
