// The call to action at the end of public pages ("Try the product for your website").
export function CtaBox() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-20">
      <div className="rounded-2xl bg-blue-700 px-6 py-12 text-center text-white">
        <h2 id="cta-title" className="text-3xl font-bold">Try Bothy for your website</h2>
        <p className="mx-auto mt-4 max-w-xl text-blue-50">Free for small sites. No card needed, no cookies ever.</p>
        <a href="/signup" className="mt-8 inline-block rounded-md bg-white px-6 py-3 font-semibold text-blue-800 hover:bg-blue-50">
          Get started free →
        </a>
      </div>
    </section>
  );
}
