import { act } from '@testing-library/react';
import type { WebsiteSettings } from '@ustaz/contract';
import { FALLBACK_WEBSITE_SETTINGS } from '@ustaz/contract/settings-defaults';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOwnPageTitle } from '../../shared/settings/page-title.ts';
import { renderRouter } from '../../shared/test/render-route.tsx';
import { createTestI18n } from '../../shared/test/test-i18n.ts';
import { usePageTitle } from './use-page-title.ts';

const settings: WebsiteSettings = { ...FALLBACK_WEBSITE_SETTINGS, appName: 'Ustaz', defaultTitle: '' };
let hide: (() => void) | null = null;

function Layout({ children }: { children: React.ReactNode }) {
  usePageTitle(settings);
  return <>{children}</>;
}

function TeacherLike({ title }: { title: string }) {
  useOwnPageTitle(title);
  return null;
}

function Page() {
  const [shown, setShown] = useState(true);
  hide = () => setShown(false);
  return <Layout>{shown ? <TeacherLike title="Mona, Maths teacher" /> : null}</Layout>;
}

afterEach(() => {
  hide = null;
});

describe('a page title of its own', () => {
  it("wins over the route's title though the page's effect runs before the layout's, and gives way when the page goes", async () => {
    const { i18n } = await createTestI18n('en');
    renderRouter(
      i18n,
      [{ path: '/:lang/teachers/:id', element: <Page />, handle: { titleKey: 'teacher' } }],
      '/en/teachers/7',
    );
    expect(document.title).toBe('Mona, Maths teacher · Ustaz');
    act(() => hide?.());
    expect(document.title).toBe('Teacher profile · Ustaz');
  });
});
