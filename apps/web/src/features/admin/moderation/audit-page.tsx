// Placeholder until the page is built (issue 7).
export function AdminAuditPage() {
  return <h1 className="text-2xl font-bold">AdminAuditPage</h1>;
}
