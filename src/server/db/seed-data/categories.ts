import type { SeedCategory } from './types.js';

export const seedCategories: SeedCategory[] = [
  {
    slug: 'coding',
    name: 'Coding',
    description: 'Agents that write, review, test and refactor code alongside your engineering team.',
    icon: 'code',
  },
  {
    slug: 'research',
    name: 'Research',
    description:
      'Agents that search, read and synthesize papers, reports and the open web into cited answers.',
    icon: 'microscope',
  },
  {
    slug: 'customer-support',
    name: 'Customer Support',
    description:
      'Agents that triage tickets, draft replies and resolve common customer questions around the clock.',
    icon: 'headphones',
  },
  {
    slug: 'data-analysis',
    name: 'Data Analysis',
    description:
      'Agents that query, clean, chart and explain your data without a ticket to the analytics team.',
    icon: 'bar-chart-3',
  },
  {
    slug: 'sales',
    name: 'Sales',
    description:
      'Agents that research prospects, write outreach, log calls and keep deals moving through the pipeline.',
    icon: 'handshake',
  },
  {
    slug: 'writing',
    name: 'Writing',
    description: 'Agents that draft, edit and polish everything from emails and grant proposals to novels.',
    icon: 'pen-line',
  },
  {
    slug: 'marketing',
    name: 'Marketing',
    description:
      'Agents that plan campaigns, audit SEO, generate ad variants and measure what actually works.',
    icon: 'megaphone',
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    description:
      'Agents that tame your inbox, calendar, meetings and task list so you can get real work done.',
    icon: 'calendar-check',
  },
  {
    slug: 'design',
    name: 'Design',
    description:
      'Agents that sketch wireframes, check accessibility, build palettes and keep interfaces on brand.',
    icon: 'palette',
  },
  {
    slug: 'devops',
    name: 'DevOps',
    description:
      'Agents that watch infrastructure, fix broken pipelines, answer pages and keep cloud costs in check.',
    icon: 'server-cog',
  },
  {
    slug: 'security',
    name: 'Security',
    description:
      'Agents that triage alerts, scan for leaked secrets, patch vulnerabilities and gather audit evidence.',
    icon: 'shield-check',
  },
  {
    slug: 'education',
    name: 'Education',
    description: 'Agents that tutor students, generate study material and help teachers plan and grade.',
    icon: 'graduation-cap',
  },
  {
    slug: 'finance',
    name: 'Finance',
    description:
      'Agents that reconcile books, chase invoices, organize receipts and make budgets easier to keep.',
    icon: 'landmark',
  },
  {
    slug: 'healthcare',
    name: 'Healthcare',
    description:
      'Agents that reduce clinical paperwork, support patient intake and help care teams find key data.',
    icon: 'stethoscope',
  },
];
