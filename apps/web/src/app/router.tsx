import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { BootShell } from './boot-shell.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { RootLayout } from './root-layout.tsx';

// The error pages (antd's Result with its illustrations) are not part of the first page's budget. They are
// fetched once the app has started, so a page that fails later because the network went away still has one.
const loadRouteErrors = () => import('./route-errors.tsx');
const AppErrorElement = lazy(async () => ({ default: (await loadRouteErrors()).AppErrorElement }));
const PageErrorElement = lazy(async () => ({ default: (await loadRouteErrors()).PageErrorElement }));

/** A route whose page is its own chunk, loaded when the route is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const labPage = page(() => import('./routes/labs/lab-page.tsx'));
const makeReadOnlyPage = page(() => import('./routes/pages/make-read-only.tsx'));

/** Every route of spec §2 under the root layout; anything unknown goes home. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Until the first page's chunk is in: the boot shell index.html already shows (no blank page, no jump).
    hydrateFallbackElement: <BootShell />,
    errorElement: (
      <Suspense fallback={null}>
        <AppErrorElement />
      </Suspense>
    ),
    children: [
      {
        // Page errors render inside the shell: the top bar stays usable.
        errorElement: (
          <Suspense fallback={null}>
            <PageErrorElement />
          </Suspense>
        ),
        children: [
          { index: true, ...page(() => import('./routes/home.tsx')) },
          { path: 'regionContactList', ...page(() => import('./routes/contact.tsx')) },
          {
            // Login for everything below; '/lesson…' also needs vip 2 (guards/route-guard.ts).
            element: <RequireAuth />,
            children: [
              { path: 'ailab', ...page(() => import('./routes/labs/lab-index.tsx')) },
              { path: 'ailab/:slug/*', ...labPage },
              { path: 'edu/ailab/:slug/*', ...labPage },
              { path: 'course', ...page(() => import('./routes/pages/course-list.tsx')) },
              { path: 'course/:courseId', ...page(() => import('./routes/pages/course-detail.tsx')) },
              { path: 'embodiment', ...page(() => import('./routes/pages/embodiment.tsx')) },
              { path: 'class', ...page(() => import('./routes/pages/class.tsx')) },
              { path: 'eventPromotion', ...page(() => import('./routes/pages/event-promotion.tsx')) },
              { path: 'modelTrain', ...page(() => import('./routes/pages/model-train.tsx')) },
              { path: 'modelTrain/mmedu/cls', ...page(() => import('./routes/pages/model-train-cls.tsx')) },
              { path: 'modelTrain/mmedu/det', ...page(() => import('./routes/pages/model-train-det.tsx')) },
              { path: 'make', ...page(() => import('./routes/pages/make.tsx')) },
              { path: 'make/shared/:token', ...makeReadOnlyPage },
              { path: 'make/view/:id', ...makeReadOnlyPage },
              { path: 'lesson/*', ...page(() => import('./routes/pages/lesson.tsx')) },
              // The admin console checks the admin role itself (a 403 page for everyone else).
              { path: 'admin', ...page(() => import('../features/admin-console/index.tsx')) },
              {
                path: 'setting',
                ...page(() => import('./routes/settings/settings-layout.tsx')),
                children: [
                  { index: true, element: <Navigate to="personal" replace /> },
                  { path: 'personal', ...page(() => import('./routes/settings/personal.tsx')) },
                  { path: 'experience', ...page(() => import('./routes/settings/experience.tsx')) },
                ],
              },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // After the first page is in (it has the network to itself until then).
  const prefetchErrors = () => void loadRouteErrors().catch(() => undefined);
  if (router.state.initialized) prefetchErrors();
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      prefetchErrors();
    });
  }
  return router;
}
