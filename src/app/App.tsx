import { lazy, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { Busy } from "../components/Busy.tsx";
import { ErrorBoundary } from "../components/ErrorBoundary.tsx";
import { Notices } from "../components/Notices.tsx";
import { useDocumentTitle } from "../components/useDocumentTitle.ts";
import { AnnotatePage } from "../features/annotate/AnnotatePage.tsx";
import { HomePage } from "../features/studies/HomePage.tsx";
import { StudyPage } from "../features/studies/StudyPage.tsx";
import { appHref, isParticipantPath, RawPaths, ROUTE_PATTERNS, routeId } from "../lib/routes.ts";
import { Header } from "./Header.tsx";
import { ParticipantBar } from "./ParticipantBar.tsx";
import { useRouteFocus } from "./useRouteFocus.ts";
import { useStartup } from "./useStartup.ts";

// The analysis screen pulls in the charting library: load it only when a researcher opens it.
const AnalysisPage = lazy(() =>
  import("../features/analysis/AnalysisPage.tsx").then((m) => ({ default: m.AnalysisPage })),
);

// A participant's pages: their own chunk, so researchers' pages do not carry them and they do
// not carry the researchers' pages. Until it loads, a wordless spinner (<Busy>): the page's
// language is not known yet.
const ParticipantPage = lazy(() =>
  import("../features/participate/ParticipantPage.tsx").then((m) => ({
    default: m.ParticipantPage,
  })),
);

// The Compare screen carries the charting library too.
const ComparePage = lazy(() =>
  import("../features/compare/ComparePage.tsx").then((m) => ({ default: m.ComparePage })),
);

const ExpertLinkPage = lazy(() =>
  import("../features/participate/ExpertLinkPage.tsx").then((m) => ({
    default: m.ExpertLinkPage,
  })),
);

function Routes() {
  return (
    <Switch>
      <Route path={ROUTE_PATTERNS.home}>
        <HomePage />
      </Route>
      <Route path={ROUTE_PATTERNS.compare}>
        <Suspense
          fallback={<p className="mx-auto max-w-6xl p-6 text-slate-500">Loading Compare…</p>}
        >
          <ComparePage />
        </Suspense>
      </Route>
      <Route path={ROUTE_PATTERNS.annotate}>
        {(p) => <AnnotatePage studyId={routeId(p.studyId)} />}
      </Route>
      <Route path={ROUTE_PATTERNS.analysis}>
        {(p) => (
          <Suspense
            fallback={<p className="mx-auto max-w-6xl p-6 text-slate-500">Loading analysis…</p>}
          >
            <AnalysisPage studyId={routeId(p.studyId)} />
          </Suspense>
        )}
      </Route>
      <Route path={ROUTE_PATTERNS.participate}>
        {(p) => (
          <Suspense fallback={<Busy />}>
            <ParticipantPage studyId={routeId(p.studyId)} />
          </Suspense>
        )}
      </Route>
      <Route path={ROUTE_PATTERNS.expertLink}>
        {(p) => (
          <Suspense fallback={<Busy />}>
            <ExpertLinkPage studyId={routeId(p.studyId)} />
          </Suspense>
        )}
      </Route>
      <Route path={ROUTE_PATTERNS.study}>{(p) => <StudyPage studyId={routeId(p.studyId)} />}</Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

function NotFound() {
  useDocumentTitle("Page not found");
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <a className="mt-4 inline-block text-sm text-slate-700 underline" href={appHref("/")}>
        Back to the studies
      </a>
    </main>
  );
}

/** A local annotator's link (/annotate/…): the study's own language, like a participant's page. */
function isLocalLinkPath(path: string): boolean {
  return /^\/annotate(\/|$)/.test(path);
}

/**
 * The app shell: header, the current screen inside an error boundary, and the notices. On a
 * participant's page and a local annotator's link the bar is the participant's, in the page's
 * language (docs/languages.md).
 */
export function App() {
  const [location] = useLocation();
  const participant = isParticipantPath(location);
  const local = isLocalLinkPath(location);
  useStartup(participant);
  useRouteFocus(location);
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      {participant || local ? <ParticipantBar local={local} /> : <Header />}
      <ErrorBoundary resetKey={location}>
        <RawPaths>
          <Routes />
        </RawPaths>
      </ErrorBoundary>
      <Notices />
    </div>
  );
}
