import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bot, Clock, Heart, LayoutDashboard, ListChecks, LogOut, Settings, Shield } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar.js';
import { canSeeAdminMenu, useAuthSession, type SessionUser } from '../../lib/auth-session.js';
import { useOwnerAgentsCount } from '../../features/owner-agents/api/get-owner-agents-count.js';
import { toast } from '../../lib/toast.js';
import { paths } from '../../paths.js';

/** Spec section 2: the menu shows the person's own display name, the full name or else the username. */
export function menuDisplayName(user: SessionUser): string {
  return user.fullName?.trim() || user.username;
}

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none select-none ' +
  'data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:cursor-default data-[disabled]:opacity-70';

function Item({
  icon,
  children,
  onSelect,
  disabled,
}: {
  icon: ReactNode;
  children: ReactNode;
  onSelect: (event: Event) => void;
  disabled?: boolean;
}) {
  return (
    <DropdownMenu.Item className={itemClass} onSelect={onSelect} disabled={disabled ?? false}>
      <span aria-hidden="true" className="text-slate-500">
        {icon}
      </span>
      {children}
    </DropdownMenu.Item>
  );
}

/** Spec section 2: the avatar menu with exactly its entries and their conditions. */
export function UserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const { logout, isLoggingOut } = useAuthSession();
  const agentsCount = useOwnerAgentsCount(!isLoggingOut);
  const hasAgents = agentsCount.data?.hasAgents ?? false;
  const countError = agentsCount.error;
  useEffect(() => {
    // Spec section 8: the menu still opens, without the owner entries, and the failure is told once.
    if (countError) toast.error('Failed to fetch user agents count', { description: countError.message });
  }, [countError]);
  const name = menuDisplayName(user);
  const go = (href: string) => () => void navigate(href);
  const icon = 'h-4 w-4';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        aria-label={`Account menu for ${name}`}
      >
        <Avatar name={name} size={36} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={10}
          collisionPadding={12}
          className="z-50 min-w-56 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            {user.email && <p className="truncate text-xs text-slate-600">{user.email}</p>}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {canSeeAdminMenu(user) && (
            <Item icon={<Shield className={icon} />} onSelect={go(paths.admin.href())}>
              Admin
            </Item>
          )}
          {hasAgents && (
            <>
              <Item icon={<LayoutDashboard className={icon} />} onSelect={go(paths.dashboard.href())}>
                Dashboard
              </Item>
              <Item icon={<Bot className={icon} />} onSelect={go(paths.myAgents.href())}>
                My Agents
              </Item>
            </>
          )}
          <Item icon={<Heart className={icon} />} onSelect={go(paths.favorites.href())}>
            Favorites
          </Item>
          <Item icon={<ListChecks className={icon} />} onSelect={go(paths.policies.href())}>
            Policy views
          </Item>
          {hasAgents && (
            <Item icon={<Clock className={icon} />} onSelect={go(paths.history.href())}>
              History
            </Item>
          )}
          <Item icon={<Settings className={icon} />} onSelect={go(paths.settings.href())}>
            Settings
          </Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <Item
            icon={<LogOut className={icon} />}
            disabled={isLoggingOut}
            onSelect={(event) => {
              event.preventDefault();
              void logout();
            }}
          >
            {isLoggingOut ? 'Signing out...' : 'Sign out'}
          </Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
