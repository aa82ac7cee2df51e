import { describe, expect, test } from "vitest";
import { DEFINITIONS, definitionOf, type FigureKey } from "./definitions.ts";

describe("figure definitions", () => {
  test("every figure of the report has a definition", () => {
    const reportFigures: FigureKey[] = [
      "binSeconds",
      "dataset.clips",
      "dataset.annotatedClips",
      "dataset.annotations",
      "dataset.meanDuration",
      "dataset.regionsPerAnnotation",
      "dataset.meanRegionLength",
      "dataset.reasonLabelsPerRegion",
      "agreement.meanPairwiseKappa",
      "agreement.perClipMeanKappa",
      "agreement.perClipUndefined",
      "agreement.krippendorffAlpha",
      "agreement.unionFraction",
      "agreement.overlapFraction",
      "pair.clips",
      "pair.bins",
      "pair.kappa",
      "correlation.n",
      "correlation.pearson",
      "correlation.p",
      "correlation.ci95",
      "correlation.spearman",
      "errorTypes.perSample",
      "annotator.annotations",
      "annotator.regions",
      "annotator.referenceMarkedFraction",
    ];
    for (const key of reportFigures) expect(definitionOf(key).length).toBeGreaterThan(20);
  });

  test("definitions name the choices made", () => {
    expect(DEFINITIONS["agreement.meanPairwiseKappa"]).toMatch(/pooled/);
    expect(DEFINITIONS["agreement.perClipMeanKappa"]).toMatch(/on that clip's bins alone/);
    expect(DEFINITIONS.bins).toMatch(/microseconds/);
    expect(DEFINITIONS["correlation.pearson"]).toMatch(/mean annotated seconds/);
    expect(DEFINITIONS["annotator.referenceMarkedFraction"]).toMatch(/pooled/);
  });
});
