// A page whose code or language is still loading: a spinner and `aria-busy`, without words, so
// it says nothing in the wrong language before the page knows its own (docs/languages.md).
export function Busy() {
  return (
    <main aria-busy="true" className="mx-auto flex max-w-6xl justify-center p-6">
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-2 border-slate-300 border-t-slate-700 motion-reduce:animate-none"
      />
    </main>
  );
}
