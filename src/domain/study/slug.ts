// A study id made from its name: the app's New study (with a random suffix) and `redpen new`.

/** "VCC 2018 — Pilot!" → "vcc-2018-pilot" (ASCII letters and digits, dashes, ≤ 40 chars). */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "study";
}
