// A column of long-form text (legal pages, guides) with the .prose-bothy styles from theme.css.
import type { ReactNode } from "react";

export function Prose({ children }: { children: ReactNode }) {
  return <article className="prose-bothy mx-auto px-4 py-16">{children}</article>;
}
