// Placeholder until the page is built (issue 7).
export function AdminPaymentsPage() {
  return <h1 className="text-2xl font-bold">AdminPaymentsPage</h1>;
}
