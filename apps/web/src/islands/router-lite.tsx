/**
 * What the islands build (ADR 038, vite.islands.config.ts) gives the components in place of
 * React Router: the island components are the app's own, and they link, read the address and go
 * elsewhere with React Router's names. A public page's islands are not under a router: a link is a
 * plain `<a href>` the browser follows (the next page is rendered by the server too), `navigate`
 * to another path loads that address, and the params are those the server matched (IslandParams).
 * A change of the query or hash on the same path (the search page's filters and pages) stays in
 * the page: the history entry is pushed or replaced and every island reading the location renders
 * again. Only the names the island components import are here: the build fails on any other (a
 * missing export).
 */
import {
  type AnchorHTMLAttributes,
  type CSSProperties,
  createContext,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';

export type To = string | Partial<Path>;
type Path = { pathname: string; search: string; hash: string };
export type Location = Path & { state: unknown; key: string };
export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

function createPath(to: To): string {
  if (typeof to === 'string') return to;
  const { pathname = window.location.pathname, search = '', hash = '' } = to;
  return `${pathname}${search && !search.startsWith('?') ? `?${search}` : search}${hash && !hash.startsWith('#') ? `#${hash}` : hash}`;
}

/** The route params of the page, as the server matched them (the server-render data). */
const ParamsContext = createContext<Record<string, string | undefined>>({});

export function IslandParams({
  params,
  children,
}: {
  params: Record<string, string | undefined>;
  children: ReactNode;
}) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsContext);
}

// The address, as every island sees it: changed in place by navigate (same path) and Back/Forward.
const listeners = new Set<() => void>();
let serial = 0;
function notify() {
  serial += 1;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}
const currentHref = () => `${window.location.href}#${serial}`;

export function useLocation(): Location {
  const href = useSyncExternalStore(subscribe, currentHref, currentHref);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address (and its history state) is the dependency
  return useMemo(() => {
    const { pathname, search, hash } = window.location;
    const state = (window.history.state as { usr?: unknown } | null)?.usr ?? null;
    return { pathname, search, hash, state, key: String(serial) };
  }, [href]);
}

/** Goes to an address: in place when only its query or hash changes, else the browser loads it. */
function go(to: To, options?: NavigateOptions) {
  const url = new URL(createPath(to), window.location.href);
  if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) {
    if (options?.replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const entry = { usr: options?.state ?? null };
  if (options?.replace) window.history.replaceState(entry, '', url.href);
  else window.history.pushState(entry, '', url.href);
  notify();
}

export function useNavigate(): NavigateFunction {
  return (to, options) => {
    if (typeof to === 'number') window.history.go(to);
    else go(to, options);
  };
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [
    params,
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next;
      const query = new URLSearchParams(value).toString();
      go({ pathname: window.location.pathname, search: query ? `?${query}` : '', hash: '' }, options);
    },
  ];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  viewTransition?: boolean;
  discover?: 'render' | 'none';
  prefetch?: string;
  relative?: string;
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** React Router's `<Link>` as its server render writes it: the same `href` and `data-discover`. */
export function Link({
  to,
  replace: _replace,
  state: _state,
  preventScrollReset: _preventScrollReset,
  viewTransition: _viewTransition,
  discover,
  prefetch: _prefetch,
  relative: _relative,
  reloadDocument: _reloadDocument,
  ...rest
}: LinkProps) {
  const href = createPath(to);
  const external = /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
  const { onClick } = rest;
  // A link to the same path with another query (a results page) stays in the page, as with the router.
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || external || event.button !== 0 || rest.target) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (new URL(href, window.location.href).pathname !== window.location.pathname) return;
    event.preventDefault();
    go(to, { replace: _replace, state: _state });
  }
  return (
    <a {...rest} href={href} onClick={follow} data-discover={external || discover === 'none' ? undefined : 'true'} />
  );
}

type NavState = { isActive: boolean; isPending: boolean; isTransitioning: boolean };

type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((state: NavState) => string | undefined);
  style?: CSSProperties | ((state: NavState) => CSSProperties | undefined);
  children?: ReactNode | ((state: NavState) => ReactNode);
};

/** React Router's `<NavLink>`: `aria-current="page"` and the active class on the current path. */
export function NavLink({ end, caseSensitive: _caseSensitive, className, style, children, ...rest }: NavLinkProps) {
  const target = createPath(rest.to).split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  const here = useLocation().pathname.replace(/\/+$/, '') || '/';
  const isActive = here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
  const state: NavState = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className(state)
          : [className, isActive ? 'active' : ''].filter(Boolean).join(' ') || undefined
      }
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}
