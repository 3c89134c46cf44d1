const HEADERLESS_PATHS = ['/login', '/register', '/auth', '/create-account'];
const FOOTERLESS_PREFIXES = ['/submit-agent', '/submit-agent-new', '/agent-status', '/edit-agent'];

/** Spec section 2: header hidden on the auth pages. */
export function isHeaderVisible(pathname: string): boolean {
  return !HEADERLESS_PATHS.includes(pathname);
}

/** Spec section 2: the footer is also hidden on the submission and agent-editing pages. */
export function isFooterVisible(pathname: string): boolean {
  if (!isHeaderVisible(pathname)) return false;
  return !FOOTERLESS_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Spec section 2: any path beginning with /submit-agent is a form page with unsaved-changes protection. */
export function isFormPage(pathname: string): boolean {
  return pathname.startsWith('/submit-agent');
}

/**
 * Whether going from one path to another leaves the page that holds unsaved changes: moving between
 * form pages (spec section 4) or staying on the same page (a query change) does not.
 */
export function isLeavingForm(fromPathname: string, toPathname: string): boolean {
  if (fromPathname === toPathname) return false;
  return !(isFormPage(fromPathname) && isFormPage(toPathname));
}

export type SkeletonLayout = 'agent-detail' | 'home' | 'auth-form' | 'blank';

/** Spec section 2: loading placeholders depend on the path. */
export function skeletonLayoutFor(pathname: string): SkeletonLayout {
  if (pathname.startsWith('/agents/')) return 'agent-detail';
  if (pathname === '/') return 'home';
  if (['/login', '/register', '/auth'].includes(pathname)) return 'auth-form';
  return 'blank';
}

export interface HeaderScrollState {
  visible: boolean;
  lastY: number;
}

/**
 * Spec section 2: the header hides when scrolling down by more than 5 px and reappears
 * on scrolling up or when within 10 px of the top.
 */
export function nextHeaderScrollState(state: HeaderScrollState, y: number): HeaderScrollState {
  if (y <= 10) return { visible: true, lastY: y };
  const delta = y - state.lastY;
  if (delta > 5) return { visible: false, lastY: y };
  if (delta < 0) return { visible: true, lastY: y };
  return { visible: state.visible, lastY: delta > 0 ? state.lastY : y };
}

/** Spec section 2: the badge shows 99+ above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
