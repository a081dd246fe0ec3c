// The Bothy mark: a small stone shelter (a bothy) under a leaf-shaped roof, drawn inline so the
// header costs no image request.
export function Logo({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <path d="M4 15 16 5l12 10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M8 14v13h16V14" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      <path d="M14 27v-7h4v7" fill="currentColor" />
    </svg>
  );
}
