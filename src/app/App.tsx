import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { AnnotatePage } from "../features/annotate/AnnotatePage.tsx";
import { HomePage } from "../features/studies/HomePage.tsx";
import { StudyPage } from "../features/studies/StudyPage.tsx";

// The analysis screen pulls in the charting library: load it only when a researcher opens it.
const AnalysisPage = lazy(() =>
  import("../features/analysis/AnalysisPage.tsx").then((m) => ({ default: m.AnalysisPage })),
);

export function App() {
  return (
    <Switch>
      <Route path="/">
        <HomePage />
      </Route>
      <Route path="/annotate/:studyId">{(p) => <AnnotatePage studyId={p.studyId} />}</Route>
      <Route path="/studies/:studyId/analysis">
        {(p) => (
          <Suspense fallback={<p className="p-8 text-slate-500">Loading analysis…</p>}>
            <AnalysisPage studyId={p.studyId} />
          </Suspense>
        )}
      </Route>
      <Route path="/studies/:studyId">{(p) => <StudyPage studyId={p.studyId} />}</Route>
      <Route>
        <main className="mx-auto max-w-3xl p-8">
          <h1 className="text-xl font-semibold">Page not found</h1>
          <a className="mt-4 inline-block text-blue-700 underline" href="/">
            Back to the studies
          </a>
        </main>
      </Route>
    </Switch>
  );
}
