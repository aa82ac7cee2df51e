export function ExportPanel({ studyId }: { studyId: string }) {
  return <section data-study={studyId} />;
}
