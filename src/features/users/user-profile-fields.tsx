// Over 300 lines: a user's profile fields as one unit, shared by the create and edit pages and the
// bulk actions: their values, how they map from a user and to a request, the fields the service
// did not send, their validation, and the form that shows them.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Group, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { UpdateUserRequest, User } from '@/api/users';
import { GroupPicker } from '@/components/group-picker';
import { unreadFieldsError, unreadKeys, type ConflictField } from '@/lib/edit-conflicts';
import { userStatusLabel, userStatusOptions } from './user-labels';
import { INACTIVE_STATUS } from './user-status';

/** What the create and edit forms hold; strings stay strings until they are sent. */
export interface UserProfileValues {
  firstName: string;
  lastName: string;
  username: string;
  employeeId: string;
  email: string;
  status: string;
  cellPhoneCountry: string;
  cellPhoneNumber: string;
  primaryGroupId: string | null;
  loginEnabled: boolean;
  allowVideoSearchDownload: boolean;
  password: string;
}

export function emptyUserProfile(): UserProfileValues {
  return {
    firstName: '',
    lastName: '',
    username: '',
    employeeId: '',
    email: '',
    status: 'Active',
    cellPhoneCountry: '',
    cellPhoneNumber: '',
    primaryGroupId: null,
    loginEnabled: false,
    allowVideoSearchDownload: false,
    password: '',
  };
}

export function userProfileFromUser(user: User): UserProfileValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username ?? '',
    employeeId: user.employeeId ?? '',
    email: user.email ?? '',
    status: user.status ?? 'Active',
    cellPhoneCountry: user.cellPhoneCountry ?? '',
    cellPhoneNumber: user.cellPhoneNumber ?? '',
    primaryGroupId: user.primaryGroupId ?? null,
    loginEnabled: user.loginEnabled ?? false,
    allowVideoSearchDownload: user.allowVideoSearchDownload ?? false,
    password: '',
  };
}

/** The profile fields read from the User field of the same name (all but the password). */
const userProfileReadKeys = [
  'firstName',
  'lastName',
  'username',
  'employeeId',
  'email',
  'status',
  'cellPhoneCountry',
  'cellPhoneNumber',
  'primaryGroupId',
  'loginEnabled',
  'allowVideoSearchDownload',
] as const satisfies readonly (keyof User & keyof UserProfileValues)[];

/**
 * The profile fields this answer left out. The form shows a placeholder for them ('' or the
 * default), which is a guess: it must never be compared or sent as if it were the value.
 */
export function unreadUserProfileFields(user: User): ReadonlySet<keyof UserProfileValues> {
  return unreadKeys(user, userProfileReadKeys);
}

// Plain functions here translate with the global `i18n` (the catalogs' one) when called: the form
// component below takes `t` from `useLingui`, which a module-level `t` macro would clash with.
const mobileCountryNames: readonly { value: string; label: MessageDescriptor }[] = [
  { value: 'US', label: msg`United States` },
  { value: 'CA', label: msg`Canada` },
];

function mobileCountries(): { value: string; label: string }[] {
  return mobileCountryNames.map(({ value, label }) => ({ value, label: i18n._(label) }));
}

const profileFieldLabels: Record<
  Exclude<keyof UserProfileValues, 'password'>,
  MessageDescriptor
> = {
  firstName: msg`First name`,
  lastName: msg`Last name`,
  username: msg`Username`,
  employeeId: msg`Employee ID`,
  email: msg`Email`,
  status: msg`Status`,
  cellPhoneCountry: msg`Mobile country`,
  cellPhoneNumber: msg`Mobile number`,
  primaryGroupId: msg`Primary group`,
  loginEnabled: msg`Can sign in`,
  allowVideoSearchDownload: msg`May download video search results`,
};

/** The profile fields a save compares with the service's copy (never the password). */
export function userProfileConflictFields(): readonly ConflictField<UserProfileValues>[] {
  const label = (key: keyof typeof profileFieldLabels) => i18n._(profileFieldLabels[key]);
  return [
    { key: 'firstName', label: label('firstName') },
    { key: 'lastName', label: label('lastName') },
    { key: 'username', label: label('username') },
    { key: 'employeeId', label: label('employeeId') },
    { key: 'email', label: label('email') },
    { key: 'status', label: label('status') },
    { key: 'cellPhoneCountry', label: label('cellPhoneCountry') },
    { key: 'cellPhoneNumber', label: label('cellPhoneNumber') },
    {
      key: 'primaryGroupId',
      label: label('primaryGroupId'),
      same: (a, b) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase(),
    },
    { key: 'loginEnabled', label: label('loginEnabled') },
    { key: 'allowVideoSearchDownload', label: label('allowVideoSearchDownload') },
  ];
}

/** A profile value as the form shows it. */
export function describeUserProfileField(
  key: keyof UserProfileValues,
  value: UserProfileValues[keyof UserProfileValues],
  groupOptions: readonly { value: string; label: string }[],
): string {
  if (typeof value === 'boolean') return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
  const text = (value ?? '').trim();
  if (!text) return i18n._(msg`Not set`);
  if (key === 'status') return userStatusLabel(text);
  const options =
    key === 'primaryGroupId' ? groupOptions : key === 'cellPhoneCountry' ? mobileCountries() : [];
  return options.find((option) => option.value.toLowerCase() === text.toLowerCase())?.label ?? text;
}

const NAME_PATTERN = /^[\p{L}\p{M}' .-]+$/u;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Field rules shared by create and edit; `passwordRequired` for a new user who may sign in,
 * `primaryGroupRequired` for an edit, whose request has no "none" for the primary group.
 */
export function validateUserProfile(
  values: UserProfileValues,
  options: { passwordRequired: boolean; primaryGroupRequired?: boolean },
): Partial<Record<keyof UserProfileValues, string>> {
  const errors: Partial<Record<keyof UserProfileValues, string>> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const value = values[field].trim();
    const messages = nameProblems[field];
    if (!value) errors[field] = i18n._(messages.required);
    else if (value.length > 50) errors[field] = i18n._(messages.tooLong);
    else if (!NAME_PATTERN.test(value)) errors[field] = i18n._(messages.characters);
  }
  if (values.email.trim() && !EMAIL_PATTERN.test(values.email.trim())) {
    errors.email = i18n._(msg`Enter an email address like name@example.com.`);
  }
  if (values.employeeId.trim().length > 50)
    errors.employeeId = i18n._(msg`Employee ID must be at most 50 characters.`);
  if (values.username.trim().length > 50)
    errors.username = i18n._(msg`Username must be at most 50 characters.`);
  if (!!values.cellPhoneNumber.trim() !== !!values.cellPhoneCountry) {
    errors.cellPhoneNumber = i18n._(
      msg`A mobile number needs its country, and the other way round.`,
    );
  }
  if (values.cellPhoneNumber.trim() && !/^[0-9 ()+-]{7,20}$/.test(values.cellPhoneNumber.trim())) {
    errors.cellPhoneNumber = i18n._(msg`Enter a phone number of 7 to 20 digits.`);
  }
  if (options.primaryGroupRequired && !values.primaryGroupId) {
    errors.primaryGroupId = i18n._(PRIMARY_GROUP_REQUIRED);
  }
  if (options.passwordRequired && values.loginEnabled && values.password.length < 8) {
    errors.password = i18n._(
      msg`A user who can sign in needs a password of at least 8 characters.`,
    );
  }
  return errors;
}

/** Whole sentences per field, so each language can word them its own way. */
const nameProblems = {
  firstName: {
    required: msg`First name is required.`,
    tooLong: msg`First name must be at most 50 characters.`,
    characters: msg`First name may contain letters, spaces, hyphens, apostrophes and periods only.`,
  },
  lastName: {
    required: msg`Last name is required.`,
    tooLong: msg`Last name must be at most 50 characters.`,
    characters: msg`Last name may contain letters, spaces, hyphens, apostrophes and periods only.`,
  },
};

const PRIMARY_GROUP_REQUIRED = msg`Choose a primary group: the service needs one to save a user.`;

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The profile part of a create or update request. */
export function userProfileToRequest(values: UserProfileValues) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    username: orNull(values.username),
    employeeId: orNull(values.employeeId),
    email: orNull(values.email),
    cellPhoneCountry: values.cellPhoneCountry || null,
    cellPhoneNumber: orNull(values.cellPhoneNumber),
    primaryGroupId: values.primaryGroupId,
    loginEnabled: values.loginEnabled,
    allowVideoSearchDownload: values.allowVideoSearchDownload,
  };
}

/**
 * The PUT body: the profile as resolved, with the roles as the service has them now. PUT replaces
 * every field (Users API, PUT /users/{userId}) and leaving one out is refused, so the only way
 * not to clear a field nobody read is not to send at all: throws, naming the `unknown` fields
 * (and the roles when the fresh read left them out), and nothing is sent.
 */
export function userReplacementRequest(
  values: UserProfileValues,
  fresh: User,
  unknown: ReadonlySet<keyof UserProfileValues>,
): UpdateUserRequest {
  const labels = userProfileConflictFields()
    .filter((field) => unknown.has(field.key))
    .map((field) => field.label);
  if (fresh.groupRoles === undefined) labels.push(i18n._(msg`Roles`));
  if (labels.length > 0) throw unreadFieldsError(labels, i18n._(msg`a user`));
  if (!values.primaryGroupId) throw new Error(i18n._(PRIMARY_GROUP_REQUIRED));
  // The edit request declares its texts as strings, never null (the create request allows null).
  return {
    ...userProfileToRequest(values),
    username: values.username.trim(),
    employeeId: values.employeeId.trim(),
    email: values.email.trim(),
    cellPhoneCountry: values.cellPhoneCountry,
    cellPhoneNumber: values.cellPhoneNumber.trim(),
    primaryGroupId: values.primaryGroupId,
    status: values.status,
    groupRoles: (fresh.groupRoles ?? []).map(({ groupId, roleId }) => ({ groupId, roleId })),
  };
}

export function UserProfileFields({
  form,
  mode,
  unread,
  proposedUsername,
}: {
  form: UseFormReturnType<UserProfileValues>;
  mode: 'create' | 'edit';
  /** A new user's username when the field is left empty (first.last). */
  proposedUsername?: string;
  /** Fields no read has sent: each says so, as its empty box would look like "not set". */
  unread?: ReadonlySet<keyof UserProfileValues>;
}) {
  const { t } = useLingui();
  // Said under a field the service left out: the empty box is not its value.
  const unreadNote = (key: keyof UserProfileValues) =>
    unread?.has(key)
      ? t`Not sent by the service: kept as it is unless you enter a value`
      : undefined;
  const inactive = form.values.status === INACTIVE_STATUS;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t`First name`}
          required
          autoComplete="off"
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={t`Last name`}
          required
          autoComplete="off"
          {...form.getInputProps('lastName')}
        />
        <TextInput
          label={t`Username`}
          description={
            mode === 'create'
              ? proposedUsername
                ? t`Leave empty to use ${proposedUsername}`
                : t`Leave empty to make one from the name (first.last)`
              : unreadNote('username')
          }
          placeholder={mode === 'create' ? proposedUsername : undefined}
          autoComplete="off"
          {...form.getInputProps('username')}
        />
        <TextInput
          label={t`Employee ID`}
          description={unreadNote('employeeId')}
          autoComplete="off"
          {...form.getInputProps('employeeId')}
        />
        <TextInput
          label={t`Email`}
          type="email"
          description={unreadNote('email')}
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        {mode === 'edit' && (
          <Select
            label={t`Status`}
            data={userStatusOptions()}
            allowDeselect={false}
            {...form.getInputProps('status')}
            onChange={(status) => {
              if (status === null) return;
              form.setFieldValue('status', status);
              // An inactive user cannot sign in: the box says so rather than stay ticked.
              if (status === INACTIVE_STATUS) form.setFieldValue('loginEnabled', false);
            }}
          />
        )}
        <Select
          label={t`Mobile country`}
          description={unreadNote('cellPhoneCountry')}
          data={mobileCountries()}
          clearable
          error={form.errors.cellPhoneCountry}
          value={form.values.cellPhoneCountry || null}
          onChange={(value) => form.setFieldValue('cellPhoneCountry', value ?? '')}
        />
        <TextInput
          label={t`Mobile number`}
          description={unreadNote('cellPhoneNumber')}
          autoComplete="off"
          {...form.getInputProps('cellPhoneNumber')}
        />
        <GroupPicker
          label={t`Primary group`}
          description={unreadNote('primaryGroupId') ?? t`The driver's home group`}
          value={form.values.primaryGroupId}
          onChange={(groupId) => form.setFieldValue('primaryGroupId', groupId)}
          error={form.errors.primaryGroupId}
        />
      </SimpleGrid>
      <Group>
        <Checkbox
          label={t`Can sign in`}
          description={inactive ? t`Not while the user is Inactive` : undefined}
          disabled={inactive}
          {...form.getInputProps('loginEnabled', { type: 'checkbox' })}
        />
        <Checkbox
          label={t`May download video search results`}
          {...form.getInputProps('allowVideoSearchDownload', { type: 'checkbox' })}
        />
      </Group>
      {form.values.loginEnabled && (
        <PasswordInput
          label={mode === 'create' ? t`Password` : t`New password`}
          description={mode === 'edit' ? t`Leave empty to keep the current password` : undefined}
          required={mode === 'create'}
          autoComplete="new-password"
          maw={360}
          {...form.getInputProps('password')}
        />
      )}
    </>
  );
}
