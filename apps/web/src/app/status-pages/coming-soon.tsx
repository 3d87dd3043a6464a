// A plain stand-in for screens whose feature has not landed yet. It shows no data.
export function ComingSoon({ title }: { title: string }) {
  return (
    <main className="omega-page">
      <h1>{title}</h1>
      <p>This screen is not available yet.</p>
    </main>
  );
}
