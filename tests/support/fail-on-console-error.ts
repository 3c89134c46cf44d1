import { afterEach, vi } from 'vitest';

// An unexpected console.error means something went wrong that no assertion looked at.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length > 0) {
    const seen = errors.splice(0).map((args) => args.map(String).join(' '));
    throw new Error(`console.error was called:\n${seen.join('\n')}`);
  }
});
