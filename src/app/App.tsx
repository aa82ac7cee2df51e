export function App() {
  return (
    <main className="mx-auto max-w-5xl p-8">
      <h1 className="text-2xl font-semibold tracking-tight">RedPen Annotator</h1>
      <p className="mt-2 text-slate-600">Mark where and why synthetic speech sounds unnatural.</p>
    </main>
  );
}
