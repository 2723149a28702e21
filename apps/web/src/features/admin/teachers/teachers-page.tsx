// Placeholder until the page is built (issue 7).
export function AdminTeachersPage() {
  return <h1 className="text-2xl font-bold">AdminTeachersPage</h1>;
}
