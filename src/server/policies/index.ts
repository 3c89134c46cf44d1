/** Who may do what: one policy per model, asked by every feature (`authorizeAgent(user, 'edit', agent)`). */
export * from './agent-policy.js';
export * from './owned-policy.js';
export * from './owner-only.js';
