/**
 * The one reference picker, for every field that picks a record of another
 * resource: engine forms, search forms and the bespoke forms (企业, 司机, 车辆, 船舶 …).
 *
 * - Without JavaScript (and in the server render) it is a select of the current page of options, a
 *   keyword field and a 「搜索」 button that submits the form with `_pick=<name>`: the page comes back
 *   with the options narrowed and every other field as typed. The saved value is always an option.
 * - With JavaScript it is a combobox: typing asks `/picker-options` (debounced), ↑/↓ move, Enter
 *   picks, Escape closes; the chosen id travels in a hidden input of the same name. The list opens on a
 *   click, on typing or on ↓, not when Tab lands on the field: a keyboard user passing through a dialog
 *   would otherwise need two Escapes to leave it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { useHydrated } from "~/components/ui/SelectAll";
import { greyedReason, moreText, PICK_FIELD, pickerOptionsHref, pickKeywordName, type PickerData, type PickerItem } from "~/lib/picker";

export interface RefPickerProps {
  name: string;
  id: string;
  /** The field's label (for the keyword field's accessible name). */
  label: string;
  picker: PickerData | undefined;
  defaultValue: string;
  /** The empty choice: 请选择 in a form, 全部 in a search. */
  emptyLabel: string;
  className?: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  /** "get" for a form whose POST cannot come back as typed (a file upload): 「搜索」 re-opens the page with the keyword. */
  searchMethod?: "get";
  /** The field may name a row the resource's `choosable` rule greys (both sides go through audit). */
  anyState?: boolean;
  /** With JavaScript: told the item chosen (the dispatch panel suggests a driver's usual vehicle). */
  onChoose?: (item: PickerItem | null) => void;
  /** With JavaScript: an item to take when nothing is chosen yet (a suggestion from another field). */
  suggestion?: PickerItem | null;
}

const DEBOUNCE_MS = 250;
const EMPTY: PickerData = { resource: "", items: [], total: 0, keyword: "" };

export function RefPicker(props: RefPickerProps) {
  const hydrated = useHydrated();
  return hydrated && props.picker?.resource ? <Combobox {...props} picker={props.picker} /> : <SelectAndSearch {...props} />;
}

/** The picker without JavaScript: the page of options, a keyword and 「搜索」. */
function SelectAndSearch({ name, id, label, picker = EMPTY, defaultValue, emptyLabel, className = "input", invalid, describedBy, required, searchMethod, anyState }: RefPickerProps) {
  const more = moreText(picker);
  return (
    <div className="min-w-0 flex-1 space-y-1" data-picker={name}>
      <select id={id} name={name} defaultValue={defaultValue} className={className} aria-invalid={invalid || undefined} aria-describedby={describedBy} aria-required={required || undefined}>
        <option value="">{emptyLabel}</option>
        {picker.items.map((item) => {
          const reason = greyedReason(item, anyState, defaultValue);
          return (
            <option key={item.id} value={String(item.id)} disabled={reason !== null} title={reason ?? undefined}>
              {reason ? `${item.label}（${reason}）` : item.label}
            </option>
          );
        })}
      </select>
      <div className="flex gap-1">
        <input name={pickKeywordName(name)} defaultValue={picker.keyword} maxLength={32} aria-label={`搜索${label}`} placeholder="输入名称、手机号、车牌号或编号" className="input min-w-0 flex-1" />
        <button type="submit" name={PICK_FIELD} value={name} formNoValidate formMethod={searchMethod} formEncType={searchMethod ? "application/x-www-form-urlencoded" : undefined} className="btn shrink-0">搜索</button>
      </div>
      {more ? <p className="text-xs text-muted" data-picker-more>{more}</p> : picker.keyword && picker.items.length === 0 ? <p className="text-xs text-muted">没有匹配“{picker.keyword}”的选项</p> : null}
    </div>
  );
}

/** The picker with JavaScript: a combobox over the platform's options. */
function Combobox({ name, id, label, picker, defaultValue, emptyLabel, className = "input", invalid, describedBy, required, anyState, onChoose, suggestion }: RefPickerProps & { picker: PickerData }) {
  const listId = useId();
  const initial = picker.items.find((item) => String(item.id) === defaultValue) ?? null;
  const [selected, setSelected] = useState<PickerItem | null>(initial);
  const [text, setText] = useState(initial?.label ?? "");
  const [data, setData] = useState<Pick<PickerData, "items" | "total">>(picker);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const request = useRef<AbortController>();
  const input = useRef<HTMLInputElement>(null);
  const openNow = useRef(open);
  openNow.current = open;
  useEffect(() => {
    if (!suggestion) return;
    setSelected((current) => current ?? suggestion);
    setText((current) => current || suggestion.label);
  }, [suggestion]);
  useEffect(() => () => {
    clearTimeout(timer.current);
    request.current?.abort();
  }, []);
  // Escape with the list open closes the list only: caught on the window before a dialog around the
  // form (which listens on the document) takes it as "close the dialog".
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.target !== input.current || !openNow.current) return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);

  // The choices: the empty one (clears the value), then the page of options.
  const choices: Array<PickerItem | null> = [null, ...data.items];
  const more = moreText(data);

  const load = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setState("loading");
      fetch(pickerOptionsHref(picker.resource, keyword.trim(), picker.where), { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<PickerData>) : Promise.reject(new Error(String(response.status)))))
        .then((page) => {
          setData(page);
          setActive(page.items.length ? 1 : 0);
          setState("idle");
        })
        .catch((error: unknown) => {
          if (!(error instanceof DOMException && error.name === "AbortError")) setState("failed");
        });
    }, DEBOUNCE_MS);
  };

  const greyed = (item: PickerItem | null) => (item ? greyedReason(item, anyState, defaultValue) : null);
  const choose = (item: PickerItem | null) => {
    if (greyed(item) !== null) return;
    setSelected(item);
    setText(item?.label ?? "");
    setOpen(false);
    setActive(-1);
    onChoose?.(item);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (!open) {
        // Opening keeps the highlighted option (after a search: the first match).
        setOpen(true);
        if (active < 0) setActive(step > 0 ? Math.min(1, choices.length - 1) : choices.length - 1);
        return;
      }
      setActive((current) => (current + step + choices.length) % choices.length);
    } else if (event.key === "Enter") {
      if (!open) return;
      event.preventDefault();
      if (active >= 0 && active < choices.length) choose(choices[active]!);
    } else if (event.key === "Escape") {
      if (!open) return;
      // Closes the list; the typed text stays until the field loses focus (then the chosen label returns).
      event.preventDefault();
      setOpen(false);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  // The list is not a Tab stop (tabIndex -1): Chromium makes a scrolling box one, and Tab would land on
  // the list just as the field's blur hides it, leaving the focus nowhere (in a dialog, outside its trap).
  return (
    <div className="relative min-w-0 flex-1" data-picker={name} data-picker-ready="">
      <input type="hidden" name={name} value={selected ? String(selected.id) : ""} />
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        autoComplete="off"
        maxLength={32}
        placeholder={selected ? selected.label : `${emptyLabel}（输入关键字搜索）`}
        value={text}
        className={className}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
          load(event.currentTarget.value);
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          // A click on an option lands before this (mousedown is prevented); otherwise restore the chosen label.
          setOpen(false);
          setText(selected?.label ?? "");
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={`${label}选项`} hidden={!open} tabIndex={-1} className="absolute left-0 right-0 top-full z-30 mt-1 max-h-64 overflow-auto rounded border border-gray-200 bg-white py-1 text-sm shadow-lg">
        {choices.map((item, index) => (
          <li
            key={item?.id ?? "empty"}
            id={optionId(index)}
            role="option"
            aria-selected={(item?.id ?? null) === (selected?.id ?? null)}
            aria-disabled={greyed(item) !== null || undefined}
            data-active={index === active || undefined}
            className={`cursor-pointer truncate px-3 py-1.5 ${index === active ? "bg-blue-50 text-info" : ""} ${item && greyed(item) === null ? "" : "text-muted"}`}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(item)}
          >
            {item ? (greyed(item) ? `${item.label}（${greyed(item)}）` : item.label) : emptyLabel}
          </li>
        ))}
        {state === "loading" ? <li role="presentation" className="px-3 py-1.5 text-muted">加载中…</li> : null}
        {state === "failed" ? <li role="presentation" className="px-3 py-1.5 text-danger">选项加载失败，请重试</li> : null}
        {state === "idle" && data.items.length === 0 ? <li role="presentation" className="px-3 py-1.5 text-muted">没有匹配的选项</li> : null}
        {more ? <li role="presentation" className="px-3 py-1.5 text-xs text-muted" data-picker-more>{more}</li> : null}
      </ul>
    </div>
  );
}

/**
 * The form's default button, placed first in a form that holds pickers: Enter in a field submits the
 * form as its own button would (implicit submission takes the first submit button), never a picker's 「搜索」.
 */
export function DefaultSubmit({ label }: { label: string }) {
  return <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">{label}</button>;
}
