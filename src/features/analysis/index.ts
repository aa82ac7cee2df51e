// What other features use of the analysis screen (the only file they may import from here; the
// import rules are in scripts/check-imports): the host of an Observable Plot figure and the
// systems' colours, which the Compare screen's chart shares.
export { systemColors } from "./palette.ts";
export { PlotView } from "./parts/PlotView.tsx";
