/** The navigation bar's links (spec 2 "Navigation bar"). */
export type NavItem = {
  to: string;
  key: 'home' | 'subscriptions' | 'teachers' | 'privacy' | 'about' | 'reservations' | 'chats' | 'profile';
  end?: boolean;
};

/** Every visitor's first and last links; the middle ones depend on being signed in. */
const FIRST_LINKS: NavItem[] = [
  { to: '/', key: 'home', end: true },
  { to: '/subscriptions', key: 'subscriptions' },
];
const LAST_LINKS: NavItem[] = [
  { to: '/privacy', key: 'privacy' },
  { to: '/about', key: 'about' },
];

export const GUEST_LINKS: NavItem[] = [...FIRST_LINKS, { to: '/teachers', key: 'teachers' }, ...LAST_LINKS];

export const SIGNED_IN_LINKS: NavItem[] = [
  ...FIRST_LINKS,
  { to: '/reservations', key: 'reservations' },
  { to: '/chats', key: 'chats' },
  { to: '/profile', key: 'profile' },
  ...LAST_LINKS,
];
