// HTML that src/content rendered from our own Markdown files at start (never user input), in the
// long-form text styles.
export function Markdown({ html }: { html: string }) {
  return <div className="prose-bothy max-w-none" dangerouslySetInnerHTML={{ __html: html }} />;
}
