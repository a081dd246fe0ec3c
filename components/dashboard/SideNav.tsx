"use client";
// The dashboard's side navigation: the logo and the anchored section list.
// Locked sections carry a Pro badge and are disabled. From 1050 px it is a fixed
// column; below, a row of chips that scrolls sideways inside itself (never the page).
import { Logo } from "../site/Logo";
import { SECTIONS, anchor, sectionLocked, type SectionId } from "./section-list";

type Props = { pro: boolean; current: SectionId | null; onGo: (id: SectionId) => void };

export function SideNav({ pro, current, onGo }: Props) {
  return (
    <nav aria-label="Dashboard sections" className="border-b border-gray-200 bg-white desk:fixed desk:inset-y-0 desk:left-0 desk:w-60 desk:overflow-y-auto desk:border-b-0 desk:border-r dark:border-gray-800 dark:bg-gray-900">
      <a href="/" className="hidden items-center gap-2 px-6 py-5 text-lg font-bold text-gray-900 desk:flex dark:text-white">
        <Logo className="h-7 w-7 text-blue-700 dark:text-blue-400" />
        Bothy
      </a>
      <ul className="flex gap-1 overflow-x-auto px-3 py-2 desk:flex-col desk:overflow-visible desk:px-3 desk:py-0">
        {SECTIONS.map((s) => {
          const locked = sectionLocked(s.id, pro);
          return (
            <li key={s.id} className="shrink-0">
              {locked ? (
                <span aria-disabled="true" className="flex items-center justify-between gap-2 rounded-md px-3 py-1.5 text-sm text-gray-500 dark:text-gray-500">
                  {s.label}
                  <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wide text-amber-900">Pro</span>
                </span>
              ) : (
                <a
                  href={`#${anchor(s.id)}`}
                  aria-current={current === s.id ? "location" : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    onGo(s.id);
                  }}
                  className="block whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 aria-[current=location]:bg-blue-50 aria-[current=location]:text-blue-800 dark:text-gray-200 dark:hover:bg-gray-800 dark:aria-[current=location]:bg-blue-900/40 dark:aria-[current=location]:text-blue-200"
                >
                  {s.label}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
