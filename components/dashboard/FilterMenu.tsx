"use client";
// The Filter menu: one filter added by hand. A dimension, an operator, and a value picked from the
// dimension's values in the current answers (type to narrow the list, arrow keys and Enter pick)
// or, for contains / does not contain, typed freely (a goal is picked, is or is not only); Apply
// adds it. Escape or a click outside
// closes the menu and gives the focus back to its button. Below 1050 px it spans the filter bar,
// so it fits a phone.
import { useCallback, useId, useRef, useState } from "react";
import { DIMENSION_NAMES, FILTER_DIMENSIONS, OPERATOR_NAMES, operatorsOf, type FilterDimension, type FilterOperator } from "../../src/shared/filters";
import { useDismiss } from "../use-dismiss";
import { dimensionValues, type Answers, type ValueOption } from "./filter-values";

type OnAdd = (op: FilterOperator, dim: FilterDimension, value: string) => void;

/** The panel of a menu in the filter bar (the Filter and Segments menus). */
export const MENU_PANEL =
  "absolute inset-x-0 top-full z-50 mt-2 rounded-lg border border-gray-200 bg-white p-4 text-sm shadow-lg desk:inset-x-auto desk:left-0 desk:w-96 dark:border-gray-700 dark:bg-gray-900";
/** A button of the filter bar. */
export const BAR_BUTTON =
  "flex items-center gap-1.5 rounded-md border border-gray-300 px-2.5 py-1 text-sm font-medium text-gray-800 hover:bg-gray-100 aria-expanded:bg-gray-100 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800 dark:aria-expanded:bg-gray-800";
export const FIELD = "mt-1 w-full rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-white";

/** A menu of the filter bar: its button, and its panel while open; closing gives the focus back. */
export function useBarMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const box = useDismiss<HTMLDivElement>(open, close);
  return { open, setOpen, close, box, button };
}

export function FilterMenu({ answers, onAdd }: { answers: Answers; onAdd: OnAdd }) {
  const menu = useBarMenu();
  const id = useId();
  return (
    <div ref={menu.box} className="desk:relative">
      <button ref={menu.button} type="button" aria-expanded={menu.open} aria-controls={id} onClick={() => menu.setOpen(!menu.open)} className={BAR_BUTTON}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
          <path d="M3 4h14l-5.5 6.5V16l-3 1.5v-7z" />
        </svg>
        Filter
      </button>
      {menu.open && (
        <div id={id} className={MENU_PANEL} data-testid="filter-menu">
          <FilterForm answers={answers} onAdd={(op, dim, value) => (onAdd(op, dim, value), menu.close())} />
        </div>
      )}
    </div>
  );
}

const free = (op: FilterOperator) => op === "contains" || op === "not_contains";

function FilterForm({ answers, onAdd }: { answers: Answers; onAdd: OnAdd }) {
  const id = useId();
  const [dim, setDim] = useState<FilterDimension>("page");
  const [op, setOp] = useState<FilterOperator>("is");
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<ValueOption | null>(null);
  const [active, setActive] = useState(-1);
  const q = query.trim().toLowerCase();
  const options = dimensionValues(dim, answers).filter((o) => !q || o.name.toLowerCase().includes(q) || o.value.toLowerCase().includes(q));
  const exact = options.find((o) => o.name.toLowerCase() === q || o.value.toLowerCase() === q);
  const value = picked?.value ?? exact?.value ?? (free(op) ? query.trim() : "");

  const pick = (o: ValueOption) => {
    setPicked(o);
    setQuery(o.name);
    setActive(-1);
  };
  const changeDim = (d: FilterDimension) => {
    setDim(d);
    // NOTE: a goal takes is and is not only: contains falls back to is.
    if (!operatorsOf(d).includes(op)) setOp("is");
    setQuery("");
    setPicked(null);
    setActive(-1);
  };
  const move = (step: number) => setActive((a) => (options.length ? (a + step + options.length) % options.length : -1));
  const optionId = (i: number) => `${id}-option-${i}`;

  return (
    <form
      aria-label="Add a filter"
      onSubmit={(e) => {
        e.preventDefault();
        if (value) onAdd(op, dim, value);
      }}
      className="space-y-3"
    >
      <div className="grid grid-cols-2 gap-2">
        <label className="block min-w-0 text-xs font-medium text-gray-700 dark:text-gray-300">
          Dimension
          <select value={dim} onChange={(e) => changeDim(e.target.value as FilterDimension)} className={FIELD}>
            {FILTER_DIMENSIONS.map((d) => <option key={d} value={d}>{DIMENSION_NAMES[d]}</option>)}
          </select>
        </label>
        <label className="block min-w-0 text-xs font-medium text-gray-700 dark:text-gray-300">
          Operator
          <select value={op} onChange={(e) => setOp(e.target.value as FilterOperator)} className={FIELD}>
            {operatorsOf(dim).map((o) => <option key={o} value={o}>{OPERATOR_NAMES[o]}</option>)}
          </select>
        </label>
      </div>
      <label className="block text-xs font-medium text-gray-700 dark:text-gray-300">
        Value
        <input
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-values`}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={query}
          placeholder={free(op) ? "Type text, or pick a value" : "Type to search"}
          onChange={(e) => (setQuery(e.target.value), setPicked(null), setActive(-1))}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              move(e.key === "ArrowDown" ? 1 : -1);
            } else if (e.key === "Enter" && active >= 0 && options[active]) {
              // NOTE: Enter on a highlighted value picks it; the next Enter applies.
              e.preventDefault();
              pick(options[active]);
            }
          }}
          className={FIELD}
        />
      </label>
      <ul id={`${id}-values`} role="listbox" aria-label={`${DIMENSION_NAMES[dim]} values`} className="max-h-48 overflow-y-auto rounded-md border border-gray-200 dark:border-gray-700">
        {options.length === 0 && <li className="px-2.5 py-2 text-gray-500 dark:text-gray-400">{free(op) && q ? "No listed value matches: the text is used as typed." : "No values in this range."}</li>}
        {options.map((o, i) => (
          <li
            key={o.value}
            id={optionId(i)}
            role="option"
            aria-selected={picked?.value === o.value}
            ref={i === active ? (el) => el?.scrollIntoView({ block: "nearest" }) : undefined}
            onClick={() => pick(o)}
            className={`cursor-pointer truncate px-2.5 py-1.5 text-gray-800 aria-selected:font-semibold aria-selected:text-blue-800 dark:text-gray-200 dark:aria-selected:text-blue-300 ${i === active ? "bg-blue-50 dark:bg-blue-500/15" : "hover:bg-gray-50 dark:hover:bg-gray-800"}`}
            title={o.hint ?? o.value}
          >
            {o.name}
            {(o.hint ?? (o.name !== o.value && o.value)) && <span className="ml-2 text-xs text-gray-500 dark:text-gray-400">{o.hint ?? o.value}</span>}
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-end gap-3">
        {!value && <p className="mr-auto text-xs text-gray-600 dark:text-gray-400">{free(op) ? "Type a text or pick a value." : "Pick a value from the list."}</p>}
        <button type="submit" disabled={!value} className="rounded-md bg-blue-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-50">
          Apply
        </button>
      </div>
    </form>
  );
}
