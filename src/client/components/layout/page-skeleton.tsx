import type { ReactNode } from 'react';
import { skeletonLayoutFor } from '../../../shared/rules/layout.js';
import { Skeleton } from '../ui/skeleton.js';

function Loading({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="animate-page-in">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

export function AgentCardSkeleton() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex items-start gap-3">
        <Skeleton className="h-12 w-12 rounded-xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <Skeleton className="mt-4 h-3 w-full" />
      <Skeleton className="mt-2 h-3 w-4/5" />
      <Skeleton className="mt-5 h-4 w-1/2" />
    </div>
  );
}

export function AgentGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, index) => (
        <AgentCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** An agent's description card: while the page loads, and while its Markdown renders. */
export function DescriptionCardSkeleton() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6">
      <Skeleton className="h-5 w-40" />
      <div className="mt-4 space-y-2">
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-5/6" />
        <Skeleton className="h-3 w-2/3" />
      </div>
    </div>
  );
}

/** Back button, profile card, action buttons, description, details and reviews. */
export function AgentDetailSkeleton() {
  return (
    <Loading label="Loading agent">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <Skeleton className="h-9 w-24" />
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
            <Skeleton className="h-20 w-20 rounded-2xl" />
            <div className="flex-1 space-y-3">
              <Skeleton className="h-7 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Skeleton className="h-10 w-36" />
            <Skeleton className="h-10 w-32" />
            <Skeleton className="h-10 w-28" />
            <Skeleton className="h-10 w-36" />
          </div>
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <DescriptionCardSkeleton />
            <div className="rounded-2xl border border-slate-200 bg-white p-6">
              <Skeleton className="h-5 w-32" />
              {[0, 1, 2].map((row) => (
                <div key={row} className="mt-5 space-y-2">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-3 w-full" />
                </div>
              ))}
            </div>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <Skeleton className="h-5 w-24" />
            <div className="mt-4 space-y-3">
              {[0, 1, 2, 3, 4].map((row) => (
                <Skeleton key={row} className="h-4 w-full" />
              ))}
            </div>
          </div>
        </div>
      </div>
    </Loading>
  );
}

export function HomeSkeleton() {
  return (
    <Loading label="Loading home page">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 py-10">
          <Skeleton className="h-6 w-40 rounded-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="mt-4 h-12 w-full rounded-xl" />
        </div>
        {[0, 1].map((section) => (
          <div key={section} className="mt-10">
            <Skeleton className="mb-5 h-6 w-48" />
            <AgentGridSkeleton count={3} />
          </div>
        ))}
      </div>
    </Loading>
  );
}

/** The two-column layout of the login and registration pages. */
export function AuthFormSkeleton() {
  return (
    <Loading label="Loading">
      <div className="grid min-h-screen grid-cols-1 lg:grid-cols-2">
        <div className="hidden bg-brand-900/90 p-12 lg:block">
          <Skeleton className="h-8 w-40 opacity-30" />
          <Skeleton className="mt-16 h-10 w-3/4 opacity-30" />
          <Skeleton className="mt-4 h-4 w-2/3 opacity-30" />
        </div>
        <div className="flex items-center justify-center p-6">
          <div className="w-full max-w-sm space-y-4">
            <Skeleton className="h-8 w-32" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        </div>
      </div>
    </Loading>
  );
}

/** Spec section 2: loading placeholders depend on the path; other paths show a blank screen. */
function SkeletonFor({ pathname }: { pathname: string }) {
  switch (skeletonLayoutFor(pathname)) {
    case 'agent-detail':
      return <AgentDetailSkeleton />;
    case 'home':
      return <HomeSkeleton />;
    case 'auth-form':
      return <AuthFormSkeleton />;
    default:
      return <div aria-busy="true" />;
  }
}

/**
 * At least a screen tall, so the footer waits below the fold while a page loads instead of
 * showing and then being pushed down when the page arrives.
 */
export function PageSkeleton({ pathname }: { pathname: string }) {
  return (
    <div className="min-h-screen">
      <SkeletonFor pathname={pathname} />
    </div>
  );
}
