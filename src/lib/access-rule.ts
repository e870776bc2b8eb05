/**
 * Who may write what and grant which role (docs/access.md). The published files
 * say only that access is scoped to the caller's company "or a subset of it, such as a group and
 * optionally its subgroups"; this is the safe reading of that, partly our choice. The demo service
 * enforces it and the console offers only what it allows, both through this one function.
 */

export interface RoleGrant {
  groupId: string;
  roleId: number;
}

/** The roles the rule treats specially, by ID; the service publishes them only by name. */
export interface SpecialRoleIds {
  administrator?: number;
  groupManager?: number;
  driver?: number;
  readOnly?: number;
}

/** Finds the special roles in the service's role list by their names. */
export function specialRoleIds(roles: readonly { id: number; name?: string | null }[]) {
  const idOf = (name: string) => roles.find((role) => role.name?.trim().toLowerCase() === name)?.id;
  return {
    administrator: idOf('administrator'),
    groupManager: idOf('group manager'),
    driver: idOf('driver'),
    readOnly: idOf('read only'),
  } satisfies SpecialRoleIds;
}

export interface AccessRule {
  /** Records of this group may be created, changed or deleted. */
  canWriteIn(groupId: string): boolean;
  /** This role may be given in this group (or taken away there). */
  canGrant(grant: RoleGrant): boolean;
  /** A user holding these roles may be edited: each is a role the caller could have granted. */
  canManage(groupRoles: readonly RoleGrant[]): boolean;
}

/**
 * The rule for a caller holding `callerRoles`. `isWithin(groupId, ancestorId)` says whether the
 * group is the ancestor itself or lies below it (as far as the one asking knows the tree).
 * - Writes: in the groups of the caller's roles and below them; Read Only and Driver give none.
 * - Grants: within that scope, a role the caller holds there (or above); also Driver (the
 *   dispatch upload adds drivers too), and, for an Administrator there, any role but Group
 *   Manager. So Administrator and Group Manager are granted only by their holders.
 */
export function accessRule(
  callerRoles: readonly RoleGrant[],
  special: SpecialRoleIds,
  isWithin: (groupId: string, ancestorId: string) => boolean,
): AccessRule {
  const writeRoles = callerRoles.filter(
    (role) => role.roleId !== special.readOnly && role.roleId !== special.driver,
  );
  const holds = (roleId: number | undefined, groupId: string) =>
    roleId !== undefined &&
    callerRoles.some((role) => role.roleId === roleId && isWithin(groupId, role.groupId));
  const canWriteIn = (groupId: string) =>
    writeRoles.some((role) => isWithin(groupId, role.groupId));
  const canGrant = ({ groupId, roleId }: RoleGrant) =>
    canWriteIn(groupId) &&
    (holds(roleId, groupId) ||
      roleId === special.driver ||
      (roleId !== special.groupManager &&
        roleId !== special.administrator &&
        holds(special.administrator, groupId)));
  return {
    canWriteIn,
    canGrant,
    canManage: (groupRoles) => groupRoles.every(canGrant),
  };
}
