export function ExpertScreen({ studyId, annotatorId }: { studyId: string; annotatorId: string }) {
  return (
    <main className="p-8">
      {studyId} {annotatorId}
    </main>
  );
}
