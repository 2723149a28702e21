// Placeholder until the page is built (issue 7).
export function AdminSubjectsPage() {
  return <h1 className="text-2xl font-bold">AdminSubjectsPage</h1>;
}
