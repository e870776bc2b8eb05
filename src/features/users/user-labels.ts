import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { userStatuses, type UserStatus } from './user-status';

/**
 * The roles the console knows by name: the service lists each company's roles with their English
 * names (the access rule finds Administrator, Group Manager, Driver and Read Only by them). A role
 * the console does not know is shown as the service names it.
 */
const knownRoleNames: Record<string, MessageDescriptor> = {
  administrator: msg`Administrator`,
  coach: msg`Coach`,
  dispatcher: msg`Dispatcher`,
  driver: msg`Driver`,
  'group manager': msg`Group Manager`,
  'read only': msg`Read Only`,
  'safety manager': msg`Safety Manager`,
  'video reviewer': msg`Video Reviewer`,
  'video reviewer plus': msg`Video Reviewer Plus`,
};

/** A role's name for people: known roles in the chosen language, others as sent, else its ID. */
export function roleLabel(roleId: number, name: string | null | undefined): string {
  const known = name ? knownRoleNames[name.trim().toLowerCase()] : undefined;
  if (known) return i18n._(known);
  return name ?? i18n._(msg`Role ${roleId}`);
}

const userStatusLabels: Record<UserStatus, MessageDescriptor> = {
  Active: msg({ message: 'Active', context: 'user status' }),
  Inactive: msg({ message: 'Inactive', context: 'user status' }),
};

/** A user's status for people: the service's two statuses translated, anything else as sent. */
export function userStatusLabel(status: string): string {
  const known = userStatuses.find((value) => value === status);
  return known ? i18n._(userStatusLabels[known]) : status;
}

/** The statuses as Select options: the service's value, the reader's word. */
export function userStatusOptions(): { value: UserStatus; label: string }[] {
  return userStatuses.map((status) => ({ value: status, label: userStatusLabel(status) }));
}
