// Placeholder until the page is built (issue 7).
export function AdminSearchLogPage() {
  return <h1 className="text-2xl font-bold">AdminSearchLogPage</h1>;
}
