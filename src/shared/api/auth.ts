import { z } from 'zod';

/** GET /api/auth/user (spec section 3). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  userName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  companyName: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  organizationType: z.enum(['individual', 'enterprise']),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
  isAnonymous: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
