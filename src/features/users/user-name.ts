import { t } from '@lingui/core/macro';
import type { User } from '@/api/users';

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || t`(no name)`;
}
