/**
 * The loading state of a list or grid: `count` grey pulsing blocks (`itemClassName` gives their
 * height, corners and colour) in a `role="status"` box laid out by `className`, named for screen
 * readers by `label`.
 */
export function LoadingPlaceholders({
  label,
  count,
  className,
  itemClassName,
  testId,
}: {
  label: string;
  count: number;
  className: string;
  itemClassName: string;
  testId?: string;
}) {
  return (
    <div role="status" className={className} data-testid={testId}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} aria-hidden="true" className={`animate-pulse ${itemClassName}`} />
      ))}
    </div>
  );
}
