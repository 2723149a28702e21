/** Money in, out, or neither, for colouring a line. */
export function amountDirection(amount: string): 'in' | 'out' | 'zero' {
  const value = Number(amount);
  if (!Number.isFinite(value) || value === 0) return 'zero';
  return value > 0 ? 'in' : 'out';
}
