// Saving a generated file: an object URL on a temporary <a download>, revoked afterwards.
import type { ExportDownload } from "../domain/export/bundles.ts";

export function downloadFile({ fileName, mimeType, data }: ExportDownload): void {
  const url = URL.createObjectURL(new Blob([data], { type: mimeType }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by the next tasks; keep the URL a while for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
