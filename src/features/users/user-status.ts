/** The statuses the users service gives and accepts (CONTRACT.md 3.2; the demo service's too). */
export const userStatuses = ['Active', 'Inactive'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const INACTIVE_STATUS: UserStatus = 'Inactive';
