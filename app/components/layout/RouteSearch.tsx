import { useNavigate } from "@remix-run/react";
import { useMemo, useRef, useState } from "react";
import { searchIndex, type RouteNode, type SearchEntry } from "~/navigation";

type Fuzzy = typeof import("~/navigation/route-search");

/**
 * Fuzzy search over the permitted pages (spec 2.4, 9), keyboard navigable. The index and fuse.js are
 * loaded when the box is first focused, not with the page (first-load JavaScript).
 */
export function RouteSearch({ menu }: { menu: RouteNode[] }) {
  const [fuzzy, setFuzzy] = useState<Fuzzy | null>(null);
  const search = useMemo(() => (fuzzy ? fuzzy.createRouteSearch(searchIndex(menu)) : null), [fuzzy, menu]);
  const loading = useRef(false);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const results = useMemo(() => (search ? search(query).slice(0, 12) : []), [search, query]);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void import("~/navigation/route-search").then(setFuzzy);
  };

  const go = (entry: SearchEntry | undefined) => {
    if (!entry) return;
    navigate(entry.path);
    setQuery("");
    setOpen(false);
    inputRef.current?.blur();
  };

  return (
    <div className="relative" role="search">
      <label htmlFor="route-search" className="sr-only">搜索菜单</label>
      <input
        ref={inputRef}
        id="route-search"
        type="search"
        role="combobox"
        aria-expanded={open && results.length > 0}
        aria-controls="route-search-results"
        aria-activedescendant={open && results[highlighted] ? `route-search-${highlighted}` : undefined}
        autoComplete="off"
        placeholder="搜索菜单"
        value={query}
        onChange={(e) => {
          load();
          setQuery(e.target.value);
          setHighlighted(0);
          setOpen(true);
        }}
        onFocus={() => {
          load();
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setHighlighted((h) => Math.min(h + 1, results.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setHighlighted((h) => Math.max(h - 1, 0));
          } else if (e.key === "Enter") {
            e.preventDefault();
            go(results[highlighted]);
          } else if (e.key === "Escape") {
            setOpen(false);
          }
        }}
        className="input route-search"
      />
      {open && query.trim() && search ? (
        <ul id="route-search-results" role="listbox" className="absolute right-0 top-9 z-50 max-h-80 w-72 overflow-auto rounded border bg-white py-1 shadow-lg">
          {results.length === 0 ? <li className="px-3 py-2 text-sm text-muted">没有匹配的菜单</li> : null}
          {results.map((entry, i) => (
            <li
              key={entry.path}
              id={`route-search-${i}`}
              role="option"
              aria-selected={i === highlighted}
              onMouseDown={(e) => {
                e.preventDefault();
                go(entry);
              }}
              onMouseEnter={() => setHighlighted(i)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === highlighted ? "bg-primary-soft text-primary" : "text-gray-700"}`}
            >
              {entry.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
