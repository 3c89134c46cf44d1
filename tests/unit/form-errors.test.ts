import { describe, expect, it } from 'vitest';
import { detailsByField, serverFieldErrors } from '../../src/client/lib/form-errors.js';

describe('server details on a form', () => {
  it('shows a message about one item of a list under the list field', () => {
    const details = { 'tags.2': ['Each tag can have at most 30 characters'], name: ['Name is required'] };
    expect(detailsByField(details)).toEqual({
      tags: ['Each tag can have at most 30 characters'],
      name: ['Name is required'],
    });
    expect(serverFieldErrors(details)).toEqual({
      tags: 'Each tag can have at most 30 characters',
      name: 'Name is required',
    });
  });

  it('lists a message once when several items fail the same way', () => {
    expect(
      detailsByField({ 'tags.0': ['Too long'], 'tags.3': ['Too long'], tags: ['At most 10 tags'] }),
    ).toEqual({
      tags: ['Too long', 'At most 10 tags'],
    });
  });
});
