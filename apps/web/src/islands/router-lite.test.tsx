import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Link as RouterLink, NavLink as RouterNavLink, StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { IslandParams, Link, NavLink, useParams } from './router-lite.tsx';

/** ADR 038: what a guest's islands use instead of React Router writes the links as React Router does. */
function at(path: string) {
  window.history.replaceState(null, '', path);
}

afterEach(() => at('/'));

describe('router-lite', () => {
  it('writes a Link and a NavLink as React Router writes them, so the server HTML hydrates as it is', () => {
    at('/en/teachers');
    const cases: [React.ReactNode, React.ReactNode][] = [
      [
        <RouterLink key="r" to="/en/search" className="x">
          Go
        </RouterLink>,
        <Link key="l" to="/en/search" className="x">
          Go
        </Link>,
      ],
      [
        <RouterNavLink key="r" to="/en/teachers" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          T
        </RouterNavLink>,
        <NavLink key="l" to="/en/teachers" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          T
        </NavLink>,
      ],
      [
        <RouterNavLink key="r" to="/en" end className="n">
          H
        </RouterNavLink>,
        <NavLink key="l" to="/en" end className="n">
          H
        </NavLink>,
      ],
      [
        <RouterNavLink key="r" to="/en" className="n">
          H
        </RouterNavLink>,
        <NavLink key="l" to="/en" className="n">
          H
        </NavLink>,
      ],
      [
        <RouterLink key="r" to="https://wa.me/1">
          W
        </RouterLink>,
        <Link key="l" to="https://wa.me/1">
          W
        </Link>,
      ],
    ];
    for (const [routerLink, liteLink] of cases) {
      const expected = renderToString(<StaticRouter location="/en/teachers">{routerLink}</StaticRouter>);
      expect(renderToString(liteLink)).toBe(expected);
    }
  });

  it('gives the params the server matched', () => {
    function Lang() {
      return <p>{useParams().lang}</p>;
    }
    render(
      <IslandParams params={{ lang: 'ar' }}>
        <Lang />
      </IslandParams>,
    );
    expect(screen.getByText('ar')).toBeTruthy();
  });
});
