// The centred layout: one small card in the middle of the screen, for the error
// page now and the sign-in style forms later.
import type { LayoutProps } from "../../src/web/page";
import { HomeLink } from "../site/Logo";

export function CentredLayout({ children }: LayoutProps) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-8 bg-gray-100 px-4 py-12 dark:bg-gray-950">
      <HomeLink />
      <main id="main" className="w-full max-w-md rounded-xl bg-white p-8 text-center shadow-sm dark:bg-gray-900">
        {children}
      </main>
    </div>
  );
}
