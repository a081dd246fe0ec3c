// The centred layout (SPEC "Layouts"): one small card in the middle of the screen, for the error
// page now and the sign-in style forms later.
import type { LayoutProps } from "../../src/web/page";
import { Logo } from "../site/Logo";

export function CentredLayout({ children }: LayoutProps) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-8 bg-gray-100 px-4 py-12 dark:bg-gray-950">
      <a href="/" className="flex items-center gap-2 text-lg font-bold text-gray-900 dark:text-white">
        <Logo className="h-7 w-7 text-blue-700 dark:text-blue-400" /> Bothy
      </a>
      <main id="main" className="w-full max-w-md rounded-xl bg-white p-8 text-center shadow-sm dark:bg-gray-900">
        {children}
      </main>
    </div>
  );
}
