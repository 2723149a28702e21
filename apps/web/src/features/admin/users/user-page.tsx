// Placeholder until the page is built (issue 7).
export function AdminUserPage() {
  return <h1 className="text-2xl font-bold">AdminUserPage</h1>;
}
