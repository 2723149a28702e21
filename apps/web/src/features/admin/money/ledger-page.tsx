// Placeholder until the page is built (issue 7).
export function AdminLedgerPage() {
  return <h1 className="text-2xl font-bold">AdminLedgerPage</h1>;
}
