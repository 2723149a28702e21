// Placeholder until the page is built (issue 7).
export function AdminReservationsPage() {
  return <h1 className="text-2xl font-bold">AdminReservationsPage</h1>;
}
