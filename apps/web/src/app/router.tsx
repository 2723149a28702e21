import { createBrowserRouter } from 'react-router';
import { FullPageSpinner } from '../shared/ui/spinner.tsx';
import { LanguageGate, LanguageRedirect } from './language-gate.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { pageRoutes } from './routes.tsx';

export const router = createBrowserRouter([
  { path: '/', element: <LanguageRedirect /> },
  {
    path: '/:lang',
    element: <LanguageGate />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [{ element: <AppLayout />, children: pageRoutes }],
  },
  { path: '*', element: <LanguageRedirect /> },
]);
