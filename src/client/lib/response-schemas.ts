/**
 * Schemas for the answers the client checks (`request(path, { schema })`), where a wrong shape would do
 * harm: who is signed in, the agent page, notifications. Each loads on first use, in parallel with its
 * request, so zod and the contract modules stay out of the scripts every page loads first.
 */
export const responseSchemas = {
  currentUser: () => import('../../shared/api/auth.js').then((module) => module.currentUserSchema),
  agentDetail: () => import('../../shared/api/agents.js').then((module) => module.agentDetailSchema),
  notificationList: () =>
    import('../../shared/api/notifications.js').then((module) => module.notificationListResponseSchema),
  notification: () => import('../../shared/api/notifications.js').then((module) => module.notificationSchema),
  unreadCount: () => import('../../shared/api/notifications.js').then((module) => module.unreadCountSchema),
};
