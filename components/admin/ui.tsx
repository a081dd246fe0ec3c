// Small pieces every admin page uses: a table, a badge, dates and sizes as a person reads them.
import type { ReactNode } from "react";

export const when = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC" : "—");
export const day = (iso: string) => iso.slice(0, 10);

export function H1({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-bold text-gray-900 dark:text-white">{children}</h1>;
}

export function H2({ children }: { children: ReactNode }) {
  return <h2 className="mt-8 mb-2 text-lg font-semibold text-gray-900 dark:text-white">{children}</h2>;
}

export function Badge({ children, tone = "gray" }: { children: ReactNode; tone?: "gray" | "blue" | "green" | "red" | "amber" }) {
  const tones = {
    gray: "bg-gray-100 text-gray-800",
    blue: "bg-blue-100 text-blue-900",
    green: "bg-green-100 text-green-900",
    red: "bg-red-100 text-red-900",
    amber: "bg-amber-100 text-amber-900",
  };
  return <span className={`mr-1 inline-block rounded px-1.5 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

/** A table with a header row; `empty` is said instead when there are no rows. */
export function Table({ head, rows, empty, label }: { head: string[]; rows: ReactNode[][]; empty: string; label: string }) {
  if (!rows.length) return <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{empty}</p>;
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-gray-600 dark:text-gray-400">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="py-2 pr-4 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td key={j} className="py-2 pr-4 align-top">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const linkClass = "text-blue-700 underline dark:text-blue-400";
