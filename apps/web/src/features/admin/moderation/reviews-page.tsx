// Placeholder until the page is built (issue 7).
export function AdminReviewsPage() {
  return <h1 className="text-2xl font-bold">AdminReviewsPage</h1>;
}
