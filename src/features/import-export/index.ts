// What other features use of import-export (the only file they may import from here; the
// import rules are in scripts/check-imports). The export panel is loaded on first use: its
// exporters (zip, CSV, TextGrid) stay out of the app's first screen.
import { lazy } from "react";

export { ImportAnnotations } from "./ImportAnnotations.tsx";
export { ImportSaliency } from "./ImportSaliency.tsx";

export const LazyExportPanel = lazy(() =>
  import("./ExportPanel.tsx").then((m) => ({ default: m.ExportPanel })),
);
