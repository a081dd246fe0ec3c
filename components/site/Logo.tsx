// The Bothy mark: a small stone shelter (a bothy) under a leaf-shaped roof, drawn inline so the
// header costs no image request; with the home link and the skip link every layout starts with.
export function Logo({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <path d="M4 15 16 5l12 10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M8 14v13h16V14" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      <path d="M14 27v-7h4v7" fill="currentColor" />
    </svg>
  );
}

/** The mark and the name, linking home: the same in the site header, settings and centred layouts. */
export function HomeLink() {
  return (
    <a href="/" className="flex items-center gap-2 text-lg font-bold text-gray-900 dark:text-white">
      <Logo className="h-7 w-7 text-blue-700 dark:text-blue-400" />
      Bothy
    </a>
  );
}

/** The first focusable element of a page: keyboard users jump past the header to #main. */
export function SkipToContent() {
  return (
    <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-gray-900">
      Skip to content
    </a>
  );
}
