import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { parseAgentListFilters } from '../../shared/agent-list-filters.js';
import { AGENTS_PAGE_SIZE_DEFAULT } from '../../shared/limits.js';
import { PageSkeleton } from '../components/layout/page-skeleton.js';
import { homeQueryOptions } from '../features/agents/api/get-home.js';
import { agentQueryOptions } from '../features/agents/api/get-agent.js';
import { agentsQueryOptions } from '../features/agents/api/get-agents.js';
import { categoriesQueryOptions } from '../lib/get-categories.js';
import { queryClient } from '../lib/query-client.js';
import { paths } from '../paths.js';
import { AppLayout } from './layout/app-layout.js';
import { RequireAdmin, RequireUser } from './guards.js';

/** Every page is its own chunk, so the home route downloads only what it shows. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return <Page />;
}

/** Loaders only start data requests early (in parallel with the page chunk); they never block navigation. */
function prefetchHome({ request }: LoaderFunctionArgs) {
  const verified = new URL(request.url).searchParams.get('verified') === 'true';
  void queryClient.prefetchQuery(homeQueryOptions(verified));
  return null;
}

function prefetchAgents({ request }: LoaderFunctionArgs) {
  const filters = parseAgentListFilters(new URL(request.url).searchParams);
  void queryClient.prefetchQuery(agentsQueryOptions({ ...filters, limit: AGENTS_PAGE_SIZE_DEFAULT }));
  return null;
}

function prefetchAgent({ params }: LoaderFunctionArgs) {
  if (params.slug) void queryClient.prefetchQuery(agentQueryOptions(params.slug));
  return null;
}

// Asked as the route matches, so the page's first render has the answer the server embedded: without
// it /categories drew a skeleton of two rows and then fourteen categories, a layout shift of 0.2.
function prefetchCategories() {
  void queryClient.prefetchQuery(categoriesQueryOptions);
  return null;
}

function HydrateFallback() {
  return <PageSkeleton pathname={window.location.pathname} />;
}

const protectedRoutes: RouteObject[] = [
  {
    path: paths.metrics.path,
    element: lazyPage(
      () => import('../routes/metrics.js'),
      (m) => m.MetricsPage,
    ),
  },
  {
    path: paths.dashboard.path,
    element: lazyPage(
      () => import('../routes/dashboard.js'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: paths.settings.path,
    element: lazyPage(
      () => import('../routes/settings.js'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: paths.profile.path,
    element: lazyPage(
      () => import('../routes/settings.js'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: paths.agentStatus.path,
    element: lazyPage(
      () => import('../routes/agent-status.js'),
      (m) => m.AgentStatusPage,
    ),
  },
  {
    path: paths.editAgent.path,
    element: lazyPage(
      () => import('../routes/edit-agent.js'),
      (m) => m.EditAgentPage,
    ),
  },
  {
    path: paths.policies.path,
    element: lazyPage(
      () => import('../routes/policies.js'),
      (m) => m.PoliciesPage,
    ),
  },
  {
    path: paths.policy.path,
    element: lazyPage(
      () => import('../routes/policy.js'),
      (m) => m.PolicyPage,
    ),
  },
  {
    path: paths.favorites.path,
    element: lazyPage(
      () => import('../routes/favorites.js'),
      (m) => m.FavoritesPage,
    ),
  },
  {
    path: paths.notifications.path,
    element: lazyPage(
      () => import('../routes/notifications.js'),
      (m) => m.NotificationsPage,
    ),
  },
  {
    path: paths.history.path,
    element: lazyPage(
      () => import('../routes/history.js'),
      (m) => m.HistoryPage,
    ),
  },
  {
    path: paths.myDrafts.path,
    element: lazyPage(
      () => import('../routes/my-drafts.js'),
      (m) => m.MyDraftsPage,
    ),
  },
  {
    path: paths.myAgents.path,
    element: lazyPage(
      () => import('../routes/my-agents.js'),
      (m) => m.MyAgentsPage,
    ),
  },
];

const adminRoutes: RouteObject[] = [
  {
    path: paths.adminDashboard.path,
    element: lazyPage(
      () => import('../routes/admin-dashboard.js'),
      (m) => m.AdminDashboardPage,
    ),
  },
  {
    path: paths.adminCategories.path,
    element: lazyPage(
      () => import('../routes/admin-categories.js'),
      (m) => m.AdminCategoriesPage,
    ),
  },
  {
    path: paths.adminStorage.path,
    element: lazyPage(
      () => import('../routes/admin-storage.js'),
      (m) => m.AdminStoragePage,
    ),
  },
  {
    path: paths.adminRegistry.path,
    element: lazyPage(
      () => import('../routes/admin-registry.js'),
      (m) => m.AdminRegistryPage,
    ),
  },
  {
    path: paths.adminAdvisories.path,
    element: lazyPage(
      () => import('../routes/admin-advisories.js'),
      (m) => m.AdminAdvisoriesPage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        path: paths.home.path,
        loader: prefetchHome,
        HydrateFallback,
        element: lazyPage(
          () => import('../routes/home.js'),
          (m) => m.HomePage,
        ),
      },
      {
        path: paths.agents.path,
        loader: prefetchAgents,
        HydrateFallback,
        element: lazyPage(
          () => import('../routes/agents.js'),
          (m) => m.AgentsPage,
        ),
      },
      {
        path: paths.agent.path,
        loader: prefetchAgent,
        HydrateFallback,
        element: lazyPage(
          () => import('../routes/agent-detail.js'),
          (m) => m.AgentDetailPage,
        ),
      },
      {
        path: paths.categories.path,
        loader: prefetchCategories,
        HydrateFallback,
        element: lazyPage(
          () => import('../routes/categories.js'),
          (m) => m.CategoriesPage,
        ),
      },

      {
        path: paths.auth.path,
        element: lazyPage(
          () => import('../routes/auth.js'),
          (m) => m.AuthPage,
        ),
      },
      {
        path: paths.login.path,
        element: lazyPage(
          () => import('../routes/auth.js'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: paths.register.path,
        element: lazyPage(
          () => import('../routes/auth.js'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: paths.createAccount.path,
        element: lazyPage(
          () => import('../routes/auth.js'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: paths.authCallback.path,
        element: lazyPage(
          () => import('../routes/auth-callback.js'),
          (m) => m.AuthCallbackPage,
        ),
      },
      {
        path: paths.forgotPassword.path,
        element: lazyPage(
          () => import('../routes/forgot-password.js'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: paths.resetPassword.path,
        element: lazyPage(
          () => import('../routes/reset-password.js'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: paths.verifyEmail.path,
        element: lazyPage(
          () => import('../routes/verify-email.js'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        path: paths.githubDeviceAuth.path,
        element: lazyPage(
          () => import('../routes/github-device-auth.js'),
          (m) => m.GithubDeviceAuthPage,
        ),
      },

      {
        path: paths.storageSetup.path,
        element: lazyPage(
          () => import('../routes/storage-pages.js'),
          (m) => m.StorageSetupPage,
        ),
      },
      {
        path: paths.storageInfo.path,
        element: lazyPage(
          () => import('../routes/storage-pages.js'),
          (m) => m.StorageInfoPage,
        ),
      },
      {
        path: paths.storageBasic.path,
        element: lazyPage(
          () => import('../routes/storage-pages.js'),
          (m) => m.StorageBasicPage,
        ),
      },

      {
        path: paths.components.path,
        element: lazyPage(
          () => import('../routes/components-demo.js'),
          (m) => m.ComponentsDemoPage,
        ),
      },
      {
        path: paths.toastDemo.path,
        element: lazyPage(
          () => import('../routes/toast-demo.js'),
          (m) => m.ToastDemoPage,
        ),
      },
      {
        path: paths.test.path,
        element: lazyPage(
          () => import('../routes/test-page.js'),
          (m) => m.TestPage,
        ),
      },
      {
        path: paths.testPage.path,
        element: lazyPage(
          () => import('../routes/test-page.js'),
          (m) => m.TestPage,
        ),
      },

      {
        path: paths.terms.path,
        element: lazyPage(
          () => import('../routes/terms.js'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: paths.privacy.path,
        element: lazyPage(
          () => import('../routes/privacy.js'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: paths.verificationPromise.path,
        element: lazyPage(
          () => import('../routes/verification-promise.js'),
          (m) => m.VerificationPromisePage,
        ),
      },
      {
        path: paths.toolRiskRules.path,
        element: lazyPage(
          () => import('../routes/tool-risk-rules.js'),
          (m) => m.ToolRiskRulesPage,
        ),
      },

      {
        path: paths.submitAgent.path,
        element: lazyPage(
          () => import('../routes/submit-agent.js'),
          (m) => m.SubmitAgentPage,
        ),
      },
      {
        path: paths.submitAgentNew.path,
        element: lazyPage(
          () => import('../routes/submit-agent.js'),
          (m) => m.SubmitAgentPage,
        ),
      },
      {
        path: paths.submitAgentGithubCallback.path,
        element: lazyPage(
          () => import('../routes/submit-agent-github-callback.js'),
          (m) => m.SubmitAgentGithubCallbackPage,
        ),
      },

      { element: <RequireUser />, children: protectedRoutes },
      { path: paths.admin.path, element: <Navigate to={paths.adminDashboard.href()} replace /> },
      { element: <RequireAdmin />, children: adminRoutes },

      {
        path: '*',
        element: lazyPage(
          () => import('../routes/not-found.js'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

/**
 * Gives the tab's current history entry a key of its own before the router reads it. React Router
 * names an entry without one "default", so <ScrollRestoration> kept a single position for every page
 * opened by a full load: a page typed into the address bar opened where the previous one was left.
 * The key stays with its entry across reloads and back and forward, as the router's own keys do.
 */
function keyCurrentHistoryEntry() {
  const state: unknown = window.history.state;
  if (state !== null && typeof state === 'object' && 'key' in state) return;
  const ownState = state !== null && typeof state === 'object' ? state : {};
  // As the router makes its keys (crypto.randomUUID needs a secure context; a LAN address over http is not).
  window.history.replaceState({ ...ownState, key: Math.random().toString(36).slice(2, 10) }, '');
}

export function createAppRouter() {
  keyCurrentHistoryEntry();
  return createBrowserRouter(routes);
}
