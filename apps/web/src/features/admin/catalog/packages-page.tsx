// Placeholder until the page is built (issue 7).
export function AdminPackagesPage() {
  return <h1 className="text-2xl font-bold">AdminPackagesPage</h1>;
}
