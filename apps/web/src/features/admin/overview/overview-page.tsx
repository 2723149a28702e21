// Placeholder until the page is built (issue 7).
export function AdminOverviewPage() {
  return <h1 className="text-2xl font-bold">AdminOverviewPage</h1>;
}
