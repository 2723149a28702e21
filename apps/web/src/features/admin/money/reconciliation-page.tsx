// Placeholder until the page is built (issue 7).
export function AdminReconciliationPage() {
  return <h1 className="text-2xl font-bold">AdminReconciliationPage</h1>;
}
