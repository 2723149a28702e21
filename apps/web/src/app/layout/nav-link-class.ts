/** The look of a navigation link, highlighted on the current page. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'text-primary bg-primary/10' : 'text-slate-700 hover:bg-slate-100 hover:text-primary'
  }`;
