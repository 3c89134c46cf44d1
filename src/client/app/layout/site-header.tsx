import { Menu, Plus, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { nextHeaderScrollState, type HeaderScrollState } from '../../../shared/rules/layout.js';
import { ButtonLink } from '../../components/ui/button.js';
import { GithubIcon } from '../../components/ui/github-icon.js';
import { useAuthSession } from '../../lib/auth-session.js';
import { cn } from '../../lib/cn.js';
import { paths } from '../../paths.js';
import { SiteLogo } from './site-logo.js';
import { Tooltip } from '../../components/ui/tooltip.js';

const SignedInControls = lazy(() => import('./signed-in-controls.js'));

const navLinks = [
  { to: paths.home.href(), label: 'Home', end: true },
  { to: paths.agents.href(), label: 'Agents', end: false },
];

/** Spec section 2: hides when scrolling down by more than 5 px, reappears on scrolling up or near the top. */
function useHeaderVisible(): boolean {
  const [visible, setVisible] = useState(true);
  const state = useRef<HeaderScrollState>({ visible: true, lastY: 0 });
  useEffect(() => {
    let frame = 0;
    let afterFirstFrame: ReturnType<typeof setTimeout> | undefined;
    let scrolled = false;
    const onScroll = () => {
      scrolled = true;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        state.current = nextHeaderScrollState(state.current, window.scrollY);
        setVisible(state.current.visible);
      });
    };
    // Where a page opened (a reload, a link to #reviews) is read once the first frame is drawn, when
    // the layout is already done: read in that frame or in these effects, it laid out the whole page
    // a second time in one task (a long one on a slow phone).
    frame = requestAnimationFrame(() => {
      afterFirstFrame = setTimeout(() => {
        if (!scrolled) state.current = { visible: true, lastY: window.scrollY };
      });
    });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFirstFrame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return visible;
}

function SignedOutButtons({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <div className={className}>
      <ButtonLink to={paths.createAccount.href()} variant="ghost" size="sm" onClick={onNavigate}>
        Create Account
      </ButtonLink>
      <ButtonLink to={paths.login.href()} variant="outline" size="sm" onClick={onNavigate}>
        Login
      </ButtonLink>
      <ButtonLink to={paths.githubDeviceAuth.href()} variant="secondary" size="sm" onClick={onNavigate}>
        <GithubIcon className="h-4 w-4" />
        GitHub Auth
      </ButtonLink>
    </div>
  );
}

export function SiteHeader() {
  const { user, signingOutUser, status } = useAuthSession();
  const headerUser = user ?? signingOutUser;
  const scrolledVisible = useHeaderVisible();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const visible = scrolledVisible || menuOpen;
  const signedOut = !headerUser && status !== 'loading';
  // Spec section 2: the signed-out buttons stand in the bar wherever they fit; the menu only below that.
  const menuHidden = signedOut ? 'full-bar:hidden' : 'lg:hidden';

  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
      isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
    );

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-40 px-3 pt-3 transition-transform duration-300 ease-out sm:px-4',
        visible ? 'translate-y-0' : '-translate-y-[120%]',
      )}
    >
      <div className="mx-auto max-w-6xl rounded-2xl border border-slate-200/80 bg-white/90 shadow-lg shadow-slate-900/5 backdrop-blur supports-[backdrop-filter]:bg-white/75">
        <div className="flex h-16 items-center gap-2 px-3 sm:px-4">
          <SiteLogo className="mr-2 shrink-0" />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {navLinks.map((link) => (
              <NavLink key={link.label} to={link.to} end={link.end} className={navClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <span className="hidden sm:contents">
              <ButtonLink to={paths.submitAgent.href()} size="sm">
                <Plus className="h-4 w-4" aria-hidden="true" />
                Submit Agent
              </ButtonLink>
            </span>
            {headerUser ? (
              <Suspense
                fallback={<span className="block h-9 w-9 rounded-full bg-slate-200" aria-hidden="true" />}
              >
                <SignedInControls user={headerUser} showBell={user !== null} />
              </Suspense>
            ) : status === 'loading' ? (
              <span className="block h-9 w-24 rounded-lg bg-slate-100" aria-hidden="true" />
            ) : (
              <SignedOutButtons className="hidden items-center gap-2 full-bar:flex" />
            )}
            {signedOut && (
              <span className="hidden sm:contents full-bar:hidden">
                <ButtonLink to={paths.login.href()} variant="outline" size="sm">
                  Login
                </ButtonLink>
              </span>
            )}
            <Tooltip label={menuOpen ? 'Close menu' : 'Open menu'}>
              <button
                type="button"
                className={cn(
                  'inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100',
                  menuHidden,
                )}
                aria-expanded={menuOpen}
                aria-controls="mobile-menu"
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? (
                  <X className="h-5 w-5" aria-hidden="true" />
                ) : (
                  <Menu className="h-5 w-5" aria-hidden="true" />
                )}
              </button>
            </Tooltip>
          </div>
        </div>
        {menuOpen && (
          <div id="mobile-menu" className={cn('border-t border-slate-100 px-3 pt-2 pb-4', menuHidden)}>
            <nav aria-label="Mobile" className="flex flex-col gap-1">
              {navLinks.map((link) => (
                <NavLink key={link.label} to={link.to} end={link.end} className={navClass}>
                  {link.label}
                </NavLink>
              ))}
              <Link
                to={paths.categories.href()}
                className={navClass({ isActive: location.pathname === paths.categories.path })}
              >
                Categories
              </Link>
            </nav>
            <ButtonLink to={paths.submitAgent.href()} className="mt-3 w-full sm:hidden">
              <Plus className="h-4 w-4" aria-hidden="true" />
              Submit Agent
            </ButtonLink>
            {!headerUser && (
              <SignedOutButtons
                className="mt-3 grid grid-cols-1 gap-2 [&>a]:w-full"
                onNavigate={() => setMenuOpen(false)}
              />
            )}
          </div>
        )}
      </div>
    </header>
  );
}
