export function StudyPage({ studyId }: { studyId: string }) {
  return <main className="mx-auto max-w-5xl p-8">{studyId}</main>;
}
