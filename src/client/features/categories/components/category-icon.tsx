import {
  BarChart3,
  CalendarCheck,
  Code,
  GraduationCap,
  Handshake,
  Headphones,
  Landmark,
  Megaphone,
  Microscope,
  Palette,
  PenLine,
  ServerCog,
  ShieldCheck,
  Stethoscope,
  Tag,
  type LucideIcon,
} from 'lucide-react';

/** Categories name a lucide icon; only the ones in use are bundled, anything else shows a tag. */
const icons: Record<string, LucideIcon> = {
  code: Code,
  microscope: Microscope,
  headphones: Headphones,
  'bar-chart-3': BarChart3,
  handshake: Handshake,
  'pen-line': PenLine,
  megaphone: Megaphone,
  'calendar-check': CalendarCheck,
  palette: Palette,
  'server-cog': ServerCog,
  'shield-check': ShieldCheck,
  'graduation-cap': GraduationCap,
  landmark: Landmark,
  stethoscope: Stethoscope,
};

export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  const Icon = icons[name] ?? Tag;
  return <Icon className={className} aria-hidden="true" />;
}
