// The website footer: Product, Account and Legal columns, and what Bothy stands for.
import { footerColumns } from "./links";
import { Logo } from "./Logo";

export function SiteFooter({ beta }: { beta: boolean }) {
  return (
    <footer className="border-t border-gray-200 bg-gray-100 dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 desk:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 font-bold text-gray-900 dark:text-white">
            <Logo className="h-6 w-6 text-blue-700 dark:text-blue-400" /> Bothy
          </p>
          <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
            Privacy-first web analytics with carbon reporting. Independently made and hosted in the EU.
          </p>
        </div>
        {footerColumns(beta).map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-gray-900 dark:text-white">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href} className="text-sm text-gray-700 hover:text-gray-900 hover:underline dark:text-gray-300 dark:hover:text-white">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </footer>
  );
}
