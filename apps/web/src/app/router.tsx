import { createBrowserRouter } from 'react-router';
import { FullPageSpinner } from '../shared/ui/spinner.tsx';
import { adminRoutes } from './admin/admin-routes.tsx';
import { LanguageGate, LanguageRedirect } from './language-gate.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { pageRoutes } from './routes.tsx';

export const router = createBrowserRouter([
  { path: '/', element: <LanguageRedirect /> },
  {
    path: '/:lang',
    element: <LanguageGate />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { element: <AppLayout />, children: pageRoutes },
      // The admin dashboard: its own layout and chunks, loaded only when visited.
      {
        path: 'admin',
        lazy: async () => ({ Component: (await import('./admin/admin-layout.tsx')).AdminLayout }),
        children: adminRoutes,
      },
    ],
  },
  { path: '*', element: <LanguageRedirect /> },
]);
