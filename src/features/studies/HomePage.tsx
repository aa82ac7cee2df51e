export function HomePage() {
  return (
    <main className="mx-auto max-w-5xl p-8">
      <h1 className="text-2xl font-semibold tracking-tight">RedPen Annotator</h1>
    </main>
  );
}
