// Placeholder until the page is built (issue 7).
export function AdminSettingsPage() {
  return <h1 className="text-2xl font-bold">AdminSettingsPage</h1>;
}
