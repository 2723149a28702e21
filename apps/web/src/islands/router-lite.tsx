/**
 * What the islands build (ADR 038, vite.islands.config.ts) gives the components in place of
 * React Router: the island components are the app's own, and they link, read the address and go
 * elsewhere with React Router's names. A public page's islands are not under a router: a link is a
 * plain `<a href>` the browser follows (the next page is rendered by the server too), `navigate`
 * loads the address, and the params are those the server matched (`islandParams`). Only the names
 * the island components import are here: the build fails on any other (a missing export).
 */
import {
  type AnchorHTMLAttributes,
  type CSSProperties,
  createContext,
  type ReactNode,
  type Ref,
  useContext,
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

export function useLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: 'default' };
}

export function useNavigate(): NavigateFunction {
  return (to, options) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const href = createPath(to);
    if (options?.replace) window.location.replace(href);
    else window.location.assign(href);
  };
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>) => void] {
  const params = new URLSearchParams(window.location.search);
  const navigate = useNavigate();
  return [params, (next) => navigate({ search: `?${new URLSearchParams(next).toString()}` })];
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
  return <a {...rest} href={href} data-discover={external || discover === 'none' ? undefined : 'true'} />;
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
  const here = window.location.pathname.replace(/\/+$/, '') || '/';
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
