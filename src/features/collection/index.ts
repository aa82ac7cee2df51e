// What other features use of collection (the only file they may import from here; the import
// rules are in scripts/check-imports): the study page's collection-server card, loaded when the
// study page first shows it, so that reading a study out (db/studyFiles.ts) and the panel stay
// out of the app's first screen.
import { lazy } from "react";

export const LazyCollectionPanel = lazy(() =>
  import("./CollectionPanel.tsx").then((m) => ({ default: m.CollectionPanel })),
);
