// No participant-facing word outside the catalogue: every text a participant can meet on these
// screens is a message of src/domain/i18n/messages (so it is translated, and the
// researcher can override it). Read with TypeScript's parser: text between JSX tags, the
// attributes a person reads or hears (aria-label, title, placeholder, alt), and string literals
// that read as prose. A new English sentence on these screens fails here.
import { readFileSync } from "node:fs";
import ts from "typescript5";
import { describe, expect, test } from "vitest";

/**
 * The participant's pages, the crowd screen they annotate on, the local crowd link's pages, and
 * the expert screen (an expert link's and the local one's).
 */
const PARTICIPANT_FILES = [
  "src/features/participate/ConsentStep.tsx",
  "src/features/participate/EndScreen.tsx",
  "src/features/participate/ExpertLinkPage.tsx",
  "src/features/participate/HeadphoneCheckStep.tsx",
  "src/features/participate/IntakeStep.tsx",
  "src/features/participate/ParticipantPage.tsx",
  "src/features/participate/SendStatus.tsx",
  "src/features/participate/TrialsStep.tsx",
  "src/features/tasks/compare/TrialView.tsx",
  "src/features/annotate/CrowdScreen.tsx",
  "src/features/annotate/LocalAnnotatePage.tsx",
  "src/features/annotate/IdentityPrompt.tsx",
  "src/features/annotate/FinishedScreen.tsx",
  "src/features/annotate/LowSpaceWarning.tsx",
  "src/features/annotate/DownloadMyWork.tsx",
  "src/components/Busy.tsx",
  "src/app/ParticipantBar.tsx",
  "src/features/annotate/ClipWorkspace.tsx",
  "src/features/annotate/ListenWorkspace.tsx",
  "src/features/annotate/Instructions.tsx",
  "src/features/annotate/RatingGroup.tsx",
  "src/features/annotate/RegionList.tsx",
  "src/features/annotate/RegionRow.tsx",
  "src/features/annotate/ShortcutsDialog.tsx",
  "src/features/annotate/WaveToolbar.tsx",
  ...[
    "AnnotatorLegend.tsx",
    "ClipHeader.tsx",
    "ClipNav.tsx",
    "ExpertScreen.tsx",
    "ExpertWorkspace.tsx",
    "ReasonsPanel.tsx",
    "RegionList.tsx",
    "ShortcutsDialog.tsx",
    "SpanEvidence.tsx",
    "WaveformPanel.tsx",
    "evidence.ts",
    "words.ts",
  ].map((file) => `src/features/annotate/expert/${file}`),
];

const READ_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "aria-description"]);

/** Keys of the tables that map the domain's English words to message ids. */
const MAPPING_TABLES = new Set(["OPTION_TEXT", "DESCRIPTIONS"]);

/** A string that reads as words to a person (not a class list, an id, a key or a path). */
function readsAsProse(text: string): boolean {
  const t = text.trim();
  if (!/\p{L}/u.test(t)) return false;
  if (/^[a-z][\w.-]*$/i.test(t) && !/\s/.test(t)) return /^\p{Lu}\p{Ll}+$/u.test(t); // "Start"
  // A Tailwind class list: no capital letters, no sentence punctuation.
  if (!/\p{Lu}/u.test(t) && !/[.…!?,;]\s|[.…!?]$/.test(t)) return false;
  return /\p{L}{2,}/u.test(t);
}

function offences(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const inMappingTable = (node: ts.Node): boolean => {
    for (let p: ts.Node | undefined = node; p; p = p.parent) {
      if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name) && MAPPING_TABLES.has(p.name.text))
        return true;
    }
    return false;
  };
  const isIgnoredLiteral = (node: ts.Node): boolean => {
    const parent = node.parent;
    if (!parent) return false;
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
    // A module path: import("./CrowdScreen.tsx").
    if (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword)
      return true;
    // Comparisons with the domain's English words (mapped to message ids right there).
    if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression))
      return ["startsWith", "includes", "endsWith"].includes(parent.expression.name.text);
    if (ts.isJsxAttribute(parent)) return !READ_ATTRIBUTES.has(parent.name.getText());
    // Key names and states compared with (`e.key === "Enter"`), not shown.
    if (
      ts.isBinaryExpression(parent) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
        parent.operatorToken.kind,
      )
    )
      return true;
    return inMappingTable(node);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (/\p{L}/u.test(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
      const init = node.initializer;
      if (init && ts.isStringLiteral(init) && /\p{L}/u.test(init.text))
        found.push(`${where(node)} ${node.name.getText()}="${init.text}"`);
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      !isIgnoredLiteral(node) &&
      readsAsProse(node.text)
    ) {
      found.push(`${where(node)} "${node.text}"`);
    } else if (ts.isTemplateExpression(node) && !isIgnoredLiteral(node)) {
      const words = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join("");
      if (readsAsProse(words)) found.push(`${where(node)} \`${node.getText()}\``);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("participant-facing strings", () => {
  test.each(PARTICIPANT_FILES)("%s says nothing outside the catalogue", (file) => {
    expect(offences(file)).toEqual([]);
  });

  test("the check finds what it should", () => {
    expect(readsAsProse("Finish clip")).toBe(true);
    expect(readsAsProse("Start")).toBe(true);
    expect(readsAsProse("Span deleted.")).toBe(true);
    expect(readsAsProse("mt-1 block w-full rounded-md border")).toBe(false);
    expect(readsAsProse("clip.finish")).toBe(false);
    expect(readsAsProse("completion-heading")).toBe(false);
  });
});
