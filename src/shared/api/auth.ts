import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  LOGIN_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../limits.js';
import { SIMPLE_EMAIL_PATTERN } from '../rules/email.js';

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

const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .regex(SIMPLE_EMAIL_PATTERN, 'Please enter a valid email address');

const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** POST /api/auth/login (spec section 3: username holds the e-mail). */
export const loginSchema = z.strictObject({
  username: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(LOGIN_PASSWORD_MIN_LENGTH, 'Password is required')
    .max(1024, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const organizationTypes = ['individual', 'enterprise'] as const;

/** POST /api/auth/register (spec section 3). */
export const registerSchema = z.strictObject({
  organizationType: z.enum(organizationTypes).default('individual'),
  email: emailField,
  password: newPasswordField,
  firstName: optionalText(60, 'First name'),
  lastName: optionalText(60, 'Last name'),
  fullName: optionalText(120, 'Full name'),
  companyName: optionalText(120, 'Company name'),
  companyWebsite: optionalText(300, 'Company website'),
  username: z.string().trim().max(EMAIL_MAX_LENGTH).optional(),
  userType: z.literal('developer').default('developer'),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** The registration form: the payload plus what only the form checks (spec section 5). */
export const registerFormSchema = z
  .object({
    organizationType: z.enum(organizationTypes).optional(),
    email: emailField,
    password: z
      .string()
      .min(1, 'Password is required')
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    companyName: z.string().optional(),
    companyWebsite: z.string().optional(),
    termsAccepted: z.boolean().default(false),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const emailOnlySchema = z.strictObject({ email: emailField });
export const tokenSchema = z.strictObject({
  token: z.string().min(1, 'The link is missing its token').max(200),
});
export const resetPasswordSchema = z.strictObject({
  token: z.string().min(1, 'The link is missing its token').max(200),
  password: newPasswordField,
});

export const updateProfileSchema = z.strictObject({
  firstName: optionalText(60, 'First name'),
  lastName: optionalText(60, 'Last name'),
  fullName: optionalText(120, 'Full name'),
  companyName: optionalText(120, 'Company name'),
  companyWebsite: optionalText(300, 'Company website'),
  organizationType: z.enum(organizationTypes).optional(),
  isAnonymous: z.boolean().optional(),
});

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(1024),
  newPassword: newPasswordField,
});

export const deleteAccountSchema = z.strictObject({ password: z.string().max(1024).optional() });

export const messageResponseSchema = z.object({ message: z.string() });

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that address, we have sent a link to reset its password.';

/** GET /api/auth/providers: which external sign-in providers are available. */
export const authProvidersSchema = z.object({ github: z.boolean(), google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** GET /api/auth/github: where to return after signing in. */
export const githubSigninQuerySchema = z.object({ returnPath: z.string().max(500).optional() });

/** GET /api/auth/github/callback: what GitHub sends back. */
export const githubSigninCallbackQuerySchema = z.object({
  code: z.string().max(200).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});

/** POST /api/auth/github/device: the code to enter at GitHub. */
export const githubDeviceStartSchema = z.object({
  handle: z.string(),
  userCode: z.string(),
  verificationUri: z.string(),
  expiresIn: z.number(),
  interval: z.number(),
});
export type GithubDeviceStart = z.infer<typeof githubDeviceStartSchema>;

/** POST /api/auth/github/device/poll. */
export const githubDevicePollSchema = z.strictObject({ handle: z.string().min(1).max(200) });

export const githubDevicePollResponseSchema = z.object({
  status: z.enum(['complete', 'pending', 'slow_down', 'expired', 'denied']),
  interval: z.number().optional(),
  user: currentUserSchema.optional(),
});
export type GithubDevicePollResponse = z.infer<typeof githubDevicePollResponseSchema>;
