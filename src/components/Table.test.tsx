// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { RowTh, Table, Td, Th } from "./Table.tsx";

afterEach(cleanup);

test("a table is named by its caption, its headers are column headers, figures right-aligned", () => {
  render(
    <Table
      caption="MOS per system"
      captionStyle="note"
      head={
        <>
          <Th>System</Th>
          <Th numeric>MOS</Th>
          <Th numeric last>
            Ratings
          </Th>
        </>
      }
    >
      <tr>
        <RowTh>S1</RowTh>
        <Td numeric>3.52</Td>
        <Td numeric last>
          120
        </Td>
      </tr>
    </Table>,
  );
  const table = screen.getByRole("table", { name: "MOS per system" });
  expect(table).toHaveClass("w-full", "text-sm");
  expect(table.querySelector("caption")).toHaveClass("mb-1", "text-left", "text-xs");
  const headers = within(table).getAllByRole("columnheader");
  expect(headers.map((h) => h.textContent)).toEqual(["System", "MOS", "Ratings"]);
  expect(headers.map((h) => h.getAttribute("scope"))).toEqual(["col", "col", "col"]);
  expect(headers[0]?.className).toBe("py-2 pr-3 font-medium");
  expect(headers[1]?.className).toBe("py-2 pr-3 font-medium text-right");
  // The last column has no padding after it.
  expect(headers[2]?.className).toBe("py-2 font-medium text-right");
  const row = within(table).getByRole("rowheader", { name: "S1" });
  expect(row).toHaveAttribute("scope", "row");
  expect(row.className).toBe("py-1.5 pr-3 text-left font-normal");
  expect(within(table).getByText("3.52").className).toBe("py-1.5 pr-3 text-right tabular-nums");
  expect(within(table).getByText("120").className).toBe("py-1.5 text-right tabular-nums");
  expect(table.querySelector("thead tr")).toHaveClass("border-b", "text-xs", "text-slate-500");
  expect(table.querySelector("tfoot")).toBeNull();
});

test("the table's cell padding, a sticky header, a hidden caption and a foot", () => {
  render(
    <Table
      caption="Participants"
      sticky
      headRow="bare"
      th="px-2 py-1 font-medium"
      td="px-2 py-1"
      head={<Th weighted={false}>Participant</Th>}
      foot={
        <tr>
          <Td>total</Td>
        </tr>
      }
    >
      <tr>
        <Td>p1</Td>
      </tr>
    </Table>,
  );
  const table = screen.getByRole("table", { name: "Participants" });
  expect(table.querySelector("caption")).toHaveClass("sr-only");
  expect(table.querySelector("thead")?.className).toBe("sticky top-0 bg-slate-50 text-slate-600");
  expect(table.querySelector("thead tr")?.getAttribute("class")).toBeNull();
  // weighted={false}: the table's padding without its font weight.
  expect(screen.getByRole("columnheader").className).toBe("px-2 py-1");
  expect(screen.getByText("p1").className).toBe("px-2 py-1");
  expect(table.querySelector("tfoot td")?.textContent).toBe("total");
});
