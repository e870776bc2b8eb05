/**
 * The statuses the users service gives and accepts (Users API: the user's `status` field and the
 * GET /users `status` filter; the demo service's too).
 */
export const userStatuses = ['Active', 'Inactive'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const INACTIVE_STATUS: UserStatus = 'Inactive';
