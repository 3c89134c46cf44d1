import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn.js';
import { paths } from '../../../paths.js';

const links = [
  { to: paths.adminDashboard.href(), label: 'Dashboard' },
  { to: paths.adminCategories.href(), label: 'Categories' },
  { to: paths.adminStorage.href(), label: 'Storage' },
  { to: paths.adminRegistry.href(), label: 'MCP registry' },
  { to: paths.adminAdvisories.href(), label: 'Advisories' },
];

/** Moves between the admin pages. */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="flex flex-wrap gap-1.5">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) =>
            cn(
              'inline-flex h-8 items-center rounded-full px-3 text-sm font-medium ring-1 ring-inset',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              isActive
                ? 'bg-slate-900 text-white ring-slate-900'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
