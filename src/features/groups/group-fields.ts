import { t } from '@lingui/core/macro';
import type { GroupTreeNode } from '@/api/group-tree';

/**
 * The service's rules for group names and descriptions (Groups API, POST /groups and
 * PUT /groups/{groupIdentifier}), checked before sending.
 */
const GROUP_NAME_MAX_LENGTH = 50;
const GROUP_DESCRIPTION_MAX_LENGTH = 255;

// The backslash separates path segments; angle brackets and control characters are refused.
const INVALID_NAME_CHARACTERS = /[\\<>\p{Cc}]/u;

export function groupNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return t`Enter a name.`;
  if (trimmed.length > GROUP_NAME_MAX_LENGTH) {
    const maxLength = GROUP_NAME_MAX_LENGTH;
    const length = trimmed.length;
    return t`A name has at most ${maxLength} characters; this one has ${length}.`;
  }
  if (INVALID_NAME_CHARACTERS.test(trimmed)) {
    return t`A name cannot contain \\, < or >, tabs or other control characters.`;
  }
  return null;
}

export function groupDescriptionProblem(description: string): string | null {
  const length = description.trim().length;
  const maxLength = GROUP_DESCRIPTION_MAX_LENGTH;
  return length > maxLength
    ? t`A description has at most ${maxLength} characters; this one has ${length}.`
    : null;
}

/** Sibling names are unique regardless of case and surrounding spaces, as the service compares them. */
export const sameGroupName = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** A sibling already has this name (the service would answer 409), or null. */
export function siblingNameProblem(
  parent: GroupTreeNode,
  name: string,
  except?: GroupTreeNode,
): string | null {
  const clash = parent.children.find(
    (child) => child !== except && sameGroupName(child.group.name, name),
  );
  if (!clash) return null;
  const parentName = parent.group.name;
  const subgroupName = clash.group.name;
  return t`“${parentName}” already has a subgroup called “${subgroupName}”.`;
}
