// Plain-text tables for the terminal: columns padded to their widest cell, numbers right-aligned.

export type Align = "left" | "right";

/** Lines of an aligned table: header, a rule of dashes, then the rows. Indented by `indent`. */
export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly Align[],
  indent = "  ",
): string[] {
  const widths = headers.map((h, c) =>
    Math.max(h.length, ...rows.map((row) => (row[c] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    indent +
    cells
      .map((cell, c) => {
        const width = widths[c] ?? 0;
        return align[c] === "right" ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
}

/** Lines of "label  value" pairs, labels padded to the longest, values right-aligned. */
export function keyValues(
  pairs: readonly (readonly [string, string, string?])[],
  indent = "  ",
): string[] {
  const labelWidth = Math.max(0, ...pairs.map(([label]) => label.length));
  const valueWidth = Math.max(0, ...pairs.map(([, value]) => value.length));
  return pairs.map(([label, value, note]) =>
    `${indent}${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}${note ? `  ${note}` : ""}`.trimEnd(),
  );
}

/** A figure to `digits` decimals, or an em dash when it is undefined (null). */
export { fixed } from "../domain/util/fixed.ts";

/** A p-value: 3 significant digits, in exponent form below 0.001. */
export function pValue(p: number | null): string {
  if (p === null) return "—";
  if (p === 0) return "0";
  return p < 0.001 ? p.toExponential(2) : p.toPrecision(3);
}
