// Placeholder until the page is built (issue 7).
export function AdminUsersPage() {
  return <h1 className="text-2xl font-bold">AdminUsersPage</h1>;
}
