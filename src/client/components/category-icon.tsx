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
import { categoryIconNames, type CategoryIconName } from '../../shared/catalogue.js';

/**
 * The lucide icon of every name a category may use (src/shared/catalogue.ts): the public grid shows
 * them and the admins' picker offers them. Only these are bundled; any other name shows a tag.
 */
export const categoryIcons: Record<CategoryIconName, LucideIcon> = {
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
  tag: Tag,
};

export function isCategoryIconName(name: string): name is CategoryIconName {
  return (categoryIconNames as readonly string[]).includes(name);
}

export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  const Icon = isCategoryIconName(name) ? categoryIcons[name] : Tag;
  return <Icon className={className} aria-hidden="true" />;
}
