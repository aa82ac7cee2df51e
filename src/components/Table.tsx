// One data table for every screen: a caption (for screen readers only, a small note, or a
// title), one row of column headers (plain, in small capitals, for screen readers only, or
// sticky at the top of a scrolling box), the rows, and rows under them (a foot). Header and body cells take their
// padding from the table (`th`, `td`), right-aligned tabular figures with `numeric`, and no
// padding after the last column with `last`.
import {
  createContext,
  type ReactNode,
  type TableHTMLAttributes,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
  useContext,
} from "react";

const CAPTION = {
  hidden: "sr-only",
  note: "mb-1 text-left text-xs text-slate-500",
  title: "mb-1 text-left text-sm font-medium text-slate-800",
} as const;

const HEAD_ROW = {
  plain: "border-b border-slate-200 text-left text-xs text-slate-500",
  caps: "border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase",
  large: "border-b border-slate-200 text-left text-slate-600",
  bare: undefined,
} as const;

interface Cells {
  /** Classes of every header cell: padding and weight. */
  th: string;
  /** Classes of every body cell: padding. */
  td: string;
}

const CellsContext = createContext<Cells>({ th: "py-2 pr-3 font-medium", td: "py-1.5 pr-3" });

export interface TableProps extends Omit<TableHTMLAttributes<HTMLTableElement>, "children"> {
  caption?: ReactNode;
  /** `hidden`: for screen readers only (the default); `note`: a small line; `title`. */
  captionStyle?: keyof typeof CAPTION;
  /** The header cells (Th), in one row. */
  head: ReactNode;
  /**
   * The header row: `plain` (small grey text, the default), `caps` (in small capitals), `large`
   * (the body's size), `bare` (no style of its own).
   */
  headRow?: keyof typeof HEAD_ROW;
  /** Classes of the header row instead of `headRow`'s. */
  headRowClassName?: string;
  /** Classes of the <thead>: e.g. `sr-only` for headers read but not seen. */
  headClassName?: string;
  /** The header stays at the top of its scrolling box. */
  sticky?: boolean;
  bodyClassName?: string;
  /** Classes of every header cell (default `py-2 pr-3 font-medium`). */
  th?: string;
  /** Classes of every body cell (default `py-1.5 pr-3`). */
  td?: string;
  /** The rows (<tr>, or a fragment of them). */
  children: ReactNode;
  /** Rows under the body (<tfoot>), e.g. a total; none when null or undefined. */
  foot?: ReactNode;
}

export function Table({
  caption,
  captionStyle = "hidden",
  head,
  headRow = "plain",
  headRowClassName,
  headClassName,
  sticky = false,
  bodyClassName,
  th = "py-2 pr-3 font-medium",
  td = "py-1.5 pr-3",
  className = "w-full text-sm",
  children,
  foot,
  ...rest
}: TableProps) {
  const thead = classes(sticky && "sticky top-0 bg-slate-50 text-slate-600", headClassName);
  return (
    <CellsContext.Provider value={{ th, td }}>
      <table className={className} {...rest}>
        {caption !== undefined && <caption className={CAPTION[captionStyle]}>{caption}</caption>}
        <thead className={thead}>
          <tr className={headRowClassName ?? HEAD_ROW[headRow]}>{head}</tr>
        </thead>
        <tbody className={bodyClassName}>{children}</tbody>
        {foot !== undefined && foot !== null && <tfoot>{foot}</tfoot>}
      </table>
    </CellsContext.Provider>
  );
}

interface CellOptions {
  /** A figure: right-aligned (and in a body cell, with tabular digits). */
  numeric?: boolean;
  /** The last column: no padding after it. */
  last?: boolean;
}

/** A column's header cell (scope="col"); `weighted={false}` leaves out the table's weight. */
export function Th({
  numeric = false,
  last = false,
  weighted = true,
  className,
  scope = "col",
  ...rest
}: ThHTMLAttributes<HTMLTableCellElement> & CellOptions & { weighted?: boolean }) {
  const { th } = useContext(CellsContext);
  let base = last ? withoutEndPadding(th) : th;
  if (!weighted) base = without(base, /^font-/);
  return (
    <th scope={scope} className={classes(base, numeric && "text-right", className)} {...rest} />
  );
}

/** A row's header cell (scope="row"): left-aligned, in the body's padding. */
export function RowTh({
  numeric = false,
  last = false,
  className = "font-normal",
  ...rest
}: ThHTMLAttributes<HTMLTableCellElement> & CellOptions) {
  const { td } = useContext(CellsContext);
  return (
    <th
      scope="row"
      className={classes(
        last ? withoutEndPadding(td) : td,
        numeric ? "text-right tabular-nums" : "text-left",
        className,
      )}
      {...rest}
    />
  );
}

/** A body cell. */
export function Td({
  numeric = false,
  last = false,
  className,
  ...rest
}: TdHTMLAttributes<HTMLTableCellElement> & CellOptions) {
  const { td } = useContext(CellsContext);
  return (
    <td
      className={classes(
        last ? withoutEndPadding(td) : td,
        numeric && "text-right tabular-nums",
        className,
      )}
      {...rest}
    />
  );
}

function classes(...parts: (string | false | undefined)[]): string | undefined {
  const joined = parts.filter(Boolean).join(" ");
  return joined === "" ? undefined : joined;
}

/** `padding` without its right (end) padding: the last column needs no gap after it. */
function withoutEndPadding(padding: string): string {
  return without(padding, /^(pr|pe)-/);
}

/** The classes of `list` that `pattern` does not match. */
function without(list: string, pattern: RegExp): string {
  return list
    .split(" ")
    .filter((c) => !pattern.test(c))
    .join(" ");
}
