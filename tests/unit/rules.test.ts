import { describe, expect, it } from 'vitest';
import { displayName, initials } from '../../src/shared/rules/display-name.js';
import {
  classifyStatus,
  isRetryableCategory,
  signalsSessionError,
} from '../../src/shared/rules/error-classification.js';
import { formatCount } from '../../src/shared/rules/count.js';
import { formatDate, formatDateTime } from '../../src/shared/rules/date.js';
import {
  badgeText,
  isFooterVisible,
  isFormPage,
  isLeavingForm,
  isHeaderVisible,
  nextHeaderScrollState,
  skeletonLayoutFor,
} from '../../src/shared/rules/layout.js';
import { passwordStrength } from '../../src/shared/rules/password-strength.js';
import { matchPagePattern } from '../../src/shared/routes.js';
import { safeReturnPath } from '../../src/shared/rules/return-path.js';
import { safeReturnPath as clientSafeReturnPath } from '../../src/client/paths.js';

describe('displayName', () => {
  it('shows an anonymous user with both names as first name and last initial', () => {
    expect(
      displayName({ firstName: 'Amara', lastName: 'Okafor', userName: 'amara', isAnonymous: true }),
    ).toBe('Amara O.');
  });
  it('falls back to the user name, then "Anonymous"', () => {
    expect(displayName({ firstName: 'Amara', lastName: null, userName: 'amara', isAnonymous: true })).toBe(
      'amara',
    );
    expect(
      displayName({ firstName: 'Amara', lastName: 'Okafor', userName: 'amara', isAnonymous: false }),
    ).toBe('amara');
    expect(displayName({ userName: '  ' })).toBe('Anonymous');
    expect(displayName(null)).toBe('Anonymous');
  });
});

describe('initials', () => {
  it.each([
    ['amara okafor', 'AO'],
    ['Jean Luc Picard', 'JL'],
    ['solo', 'S'],
    ['', '?'],
    ['   ', '?'],
    [null, '?'],
  ])('%s → %s', (name, expected) => expect(initials(name)).toBe(expected));
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [1250, '1.3K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_000_000, '1.0M'],
    [3_400_000, '3.4M'],
    [12_345_678, '12.3M'],
  ])('%d → %s', (value, expected) => expect(formatCount(value)).toBe(expected));
});

describe('formatDate', () => {
  it('uses "MMM d, yyyy"', () => {
    expect(formatDate('2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('is the date as "MMM d, yyyy" and the local time of day', () => {
    // A local moment, so the expectation holds in every time zone the tests run in.
    expect(formatDateTime(new Date(2026, 2, 5, 14, 7))).toBe('Mar 5, 2026, 2:07 PM');
    expect(formatDateTime(new Date(2026, 10, 26, 0, 30))).toBe('Nov 26, 2026, 12:30 AM');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abcdefgh', 25, 'Weak'],
    ['Abcdefgh', 50, 'Fair'],
    ['Abcdefg1', 75, 'Good'],
    ['Abcdef1!', 100, 'Strong'],
    ['A1!', 75, 'Good'],
  ])('%j scores %d (%s)', (password, score, label) =>
    expect(passwordStrength(password)).toEqual({ score, label }),
  );
});

describe('classifyStatus', () => {
  it.each([
    [400, 'validation'],
    [401, 'authentication'],
    [403, 'authorization'],
    [404, 'not_found'],
    [409, 'validation'],
    [429, 'validation'],
    [500, 'server'],
    [503, 'server'],
    [599, 'server'],
    [302, 'unknown'],
    [0, 'unknown'],
  ] as const)('%d → %s', (status, category) => expect(classifyStatus(status)).toBe(category));

  it('never retries client errors and retries server errors', () => {
    expect(isRetryableCategory('authentication')).toBe(false);
    expect(isRetryableCategory('not_found')).toBe(false);
    expect(isRetryableCategory('server')).toBe(true);
    expect(isRetryableCategory('unknown')).toBe(true);
  });
});

describe('signalsSessionError', () => {
  it('is raised by an authentication-type error, whatever its message', () => {
    expect(signalsSessionError({ type: 'authentication', message: 'You need to sign in to do that.' })).toBe(
      true,
    );
  });

  it('is raised by the message "User not found" of any type', () => {
    expect(signalsSessionError({ type: 'not_found', message: 'User not found' })).toBe(true);
    expect(signalsSessionError({ type: 'server', message: 'User not found' })).toBe(true);
  });

  it('is not raised by other errors', () => {
    expect(
      signalsSessionError({ type: 'authorization', message: 'You do not have permission to do that.' }),
    ).toBe(false);
    expect(signalsSessionError({ type: 'not_found', message: 'Agent not found' })).toBe(false);
    expect(signalsSessionError({ type: 'not_found', message: 'user not found.' })).toBe(false);
  });
});

describe('layout rules', () => {
  it('hides the header on the auth pages only', () => {
    for (const path of ['/login', '/register', '/auth', '/create-account'])
      expect(isHeaderVisible(path)).toBe(false);
    for (const path of ['/', '/agents', '/submit-agent']) expect(isHeaderVisible(path)).toBe(true);
  });
  it('also hides the footer on submission and editing pages', () => {
    for (const path of ['/submit-agent', '/submit-agent-new', '/agent-status/4', '/edit-agent/4', '/login']) {
      expect(isFooterVisible(path)).toBe(false);
    }
    for (const path of ['/', '/agents/x', '/agent-statistics']) expect(isFooterVisible(path)).toBe(true);
  });
  it('treats every /submit-agent path as a form page', () => {
    expect(isFormPage('/submit-agent/github-callback')).toBe(true);
    expect(isFormPage('/agents')).toBe(false);
  });
  it('counts leaving the page, not moving between form pages, as leaving a form', () => {
    expect(isLeavingForm('/submit-agent', '/submit-agent-new')).toBe(false);
    expect(isLeavingForm('/submit-agent', '/agents')).toBe(true);
    expect(isLeavingForm('/edit-agent/4', '/edit-agent/4')).toBe(false);
    expect(isLeavingForm('/edit-agent/4', '/agent-status/4')).toBe(true);
  });
  it('picks the loading placeholder by path', () => {
    expect(skeletonLayoutFor('/agents/x')).toBe('agent-detail');
    expect(skeletonLayoutFor('/')).toBe('home');
    expect(skeletonLayoutFor('/auth')).toBe('auth-form');
    expect(skeletonLayoutFor('/favorites')).toBe('blank');
  });
  it('hides the header after more than 5 px down and shows it going up or near the top', () => {
    let state = { visible: true, lastY: 0 };
    state = nextHeaderScrollState(state, 100);
    expect(state.visible).toBe(false);
    state = nextHeaderScrollState(state, 90);
    expect(state.visible).toBe(true);
    state = nextHeaderScrollState(state, 95);
    expect(state.visible).toBe(true);
    state = nextHeaderScrollState(state, 97);
    expect(state.visible).toBe(false);
    state = nextHeaderScrollState(state, 8);
    expect(state.visible).toBe(true);
  });
  it('caps the badge at 99+', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('page routes', () => {
  it('knows every page path and nothing else', () => {
    expect(matchPagePattern('/agents/some-agent')).toBe('/agents/:slug');
    expect(matchPagePattern('/agent-status/12')).toBe('/agent-status/:id');
    expect(matchPagePattern('/admin')).toBe('/admin');
    expect(matchPagePattern('/agents/a/b')).toBeNull();
    expect(matchPagePattern('/nope')).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('keeps paths on this site', () => {
    expect(safeReturnPath('/agents?q=ai#top')).toBe('/agents?q=ai#top');
    expect(safeReturnPath('/settings')).toBe('/settings');
    expect(safeReturnPath('/%2F%2Fencoded-stays-a-path')).toBe('/%2F%2Fencoded-stays-a-path');
  });
  it.each([
    ['//evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r/evil.example'],
    ['/\\evil.example'],
    ['\\/evil.example'],
    ['/\u0000/evil.example'],
    ['https://evil.example'],
    ['evil.example'],
    [' //evil.example'],
    [''],
  ])('sends %j to the fallback', (value) => {
    expect(safeReturnPath(value)).toBe('/');
    expect(safeReturnPath(value, '/home')).toBe('/home');
  });
  it('refuses what is not text', () => {
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath(42)).toBe('/');
  });
  it('is what the client follows after login: /%09/evil.example as the browser decodes it', () => {
    const returnPath = new URLSearchParams('returnPath=/%09/evil.example').get('returnPath');
    expect(clientSafeReturnPath(returnPath)).toBe('/');
  });
});
