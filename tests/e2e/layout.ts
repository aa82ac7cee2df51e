// The pseudo-locale's layout check, shared by the participant pages' and the expert screen's
// browser tests (languages.test.ts, expert-languages.test.ts).
import type { Page } from "playwright-core";

/**
 * Nothing cut off, overlapping or wider than the screen: every text-bearing element shows all
 * of its text, no two of them (neither inside the other) overlap, and the page does not scroll
 * sideways.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1)
      problems.push(`the page is ${root.scrollWidth}px wide in a ${window.innerWidth}px window`);
    // A dialog covers the page on purpose: then only what is in it.
    const scope =
      document.querySelector<HTMLElement>("[role=dialog]") ?? document.querySelector("main");
    if (!scope) return ["no main"];
    const selector =
      "button, a, label, h1, h2, h3, p, legend, summary, select, dt, dd, th, td, li > div > span";
    const elements = [...scope.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && !el.closest(".sr-only") && el.innerText.trim() !== "";
    });
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 40)}"`;
    for (const el of elements) {
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
        problems.push(`${name(el)} is cut off (${el.scrollWidth} > ${el.clientWidth})`);
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 1 || r.left < -1)
        problems.push(`${name(el)} is off screen`);
    }
    for (let i = 0; i < elements.length; i++) {
      for (let j = i + 1; j < elements.length; j++) {
        const a = elements[i] as HTMLElement;
        const b = elements[j] as HTMLElement;
        if (a.contains(b) || b.contains(a)) continue;
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 1 && h > 1) problems.push(`${name(a)} overlaps ${name(b)}`);
      }
    }
    return problems;
  });
}
