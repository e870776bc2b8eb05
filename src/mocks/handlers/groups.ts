import { http, HttpResponse } from 'msw';
import type { AuditAction, AuditLogRecord, GroupRecord, MockDb, UserRecord } from '../db';
import { auditLogRecord, indexGroups, MAX_GROUP_DEPTH, type GroupIndex } from '../group-tree';
import {
  badRequest,
  conflict,
  groupAndDescendantIds,
  isGuid,
  pageByOffset,
  readBoolParam,
  readIntParam,
  readJsonBody,
  sameId,
  withAuth,
} from '../http';
import { commitDb } from '../state';

type GroupParams = { groupIdentifier: string };

const DAY_MS = 86_400_000;
const AUDIT_WINDOW_MS = 7 * DAY_MS;
/** The service keeps no audit data before this moment. */
const AUDIT_HISTORY_START = Date.parse('2024-09-04T00:00:00Z');
const AUDIT_ACTIONS: readonly AuditAction[] = ['CREATE', 'UPDATE', 'DELETE', 'IMPORT', 'MOVE'];
/** Hierarchy columns of the bulk-import CSV: the root, then the 2nd to the 13th level. */
const CSV_PATH_COLUMNS = 13;
const CSV_FIRST_PATH_COLUMN = 3;

const messages = {
  invalidGroupId: 'The GroupId must be a valid UUID.',
  invalidParentId: 'The ParentId must be a valid UUID.',
  nameLength: 'The name must be 1-50 printable characters.',
  nameCharacters: 'The Name contains invalid characters.',
  descriptionLength: 'The Description max length is 255 printable characters.',
  tooDeep: 'Request exceeds maximum group hierarchy depth.',
  underDescendant: 'The ParentId cannot be a descendant of the target Group.',
  duplicate: 'Group already exists with same Name and ParentId.',
  unknownParent: 'The parent group does not exist.',
  hasSubgroups: 'Groups with subgroups cannot be deleted.',
  emptyImport: 'Empty file can not be imported.',
  noMoves: 'No groups provided for bulk move.',
  invalidOrder: "The Order must be either 'asc' or 'desc' value.",
  invalidSort: 'The Sort field is not valid.',
} as const;

const resourceNotFound = () =>
  HttpResponse.json(
    { error: 'Resource Not Found', message: "The requested resource doesn't exist." },
    { status: 404 },
  );

/** Unlike the role check (empty 403), a mandatory group is refused with a JSON reason. */
const mandatoryRefused = (verb: 'updated' | 'deleted') =>
  HttpResponse.json(
    { error: 'Forbidden', message: `Mandatory Groups cannot be ${verb}.` },
    { status: 403 },
  );

function groupResponse(index: GroupIndex, group: GroupRecord, encodeFullPath: boolean) {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    parentId: group.parentId,
    rootGroupId: group.rootGroupId,
    fullPath: index.fullPath(group, encodeFullPath),
    fullPathId: index.fullPathId(group),
    revision: group.revision,
    createdDate: group.createdDate,
    updatedDate: group.updatedDate,
  };
}

function nameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim().length === 0 || name.trim().length > 50)
    return messages.nameLength;
  // The backslash separates path segments; control characters are not printable.
  if (/[\\<>\p{Cc}]/u.test(name)) return messages.nameCharacters;
  return null;
}

function descriptionProblem(description: unknown): string | null {
  if (description === undefined || description === null) return null;
  if (typeof description !== 'string' || description.length > 255)
    return messages.descriptionLength;
  return null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function siblingWithName(
  index: GroupIndex,
  parentId: string,
  name: string,
  exceptId?: string,
): GroupRecord | undefined {
  return index
    .children(parentId)
    .find((child) => child.id !== exceptId && sameName(child.name, name));
}

/** Levels below the group (0 for a leaf), so a move can be checked against the depth limit. */
function subtreeHeight(index: GroupIndex, group: GroupRecord): number {
  let height = 0;
  let level = index.children(group.id);
  while (level.length > 0) {
    height++;
    level = level.flatMap((child) => index.children(child.id));
  }
  return height;
}

/** Why the group cannot go under the new parent, or null when it can. */
function moveProblem(index: GroupIndex, group: GroupRecord, parent: GroupRecord): string | null {
  if (index.ancestry(parent).some((ancestor) => ancestor.id === group.id))
    return messages.underDescendant;
  if (index.depth(parent) + 1 + subtreeHeight(index, group) > MAX_GROUP_DEPTH)
    return messages.tooDeep;
  if (siblingWithName(index, parent.id, group.name, group.id)) return messages.duplicate;
  return null;
}

function recordAudit(
  db: MockDb,
  action: AuditAction,
  group: GroupRecord,
  actor: UserRecord,
  index = indexGroups(db.groups),
): void {
  db.auditLogs.push(
    auditLogRecord(index, {
      logId: crypto.randomUUID(),
      action,
      group,
      actorUserId: actor.userId,
      at: group.updatedDate,
    }),
  );
}

function auditResponse(entry: AuditLogRecord, actor: UserRecord | undefined) {
  const { group } = entry;
  return {
    id: group.id,
    action: entry.action,
    name: group.name,
    description: group.description,
    parentId: group.parentId,
    rootGroupId: group.rootGroupId,
    fullPath: group.fullPath,
    fullPathId: group.fullPathId,
    revision: group.revision,
    isDeleted: entry.isDeleted,
    createdDate: group.createdDate,
    updatedDate: group.updatedDate,
    deletedDate: entry.deletedDate,
    userId: entry.actorUserId,
    // The schema says `username`, the published examples `userName`: clients may read either.
    username: actor?.username ?? null,
    userName: actor?.username ?? null,
    firstName: actor?.firstName ?? null,
    lastName: actor?.lastName ?? null,
    email: actor?.email ?? null,
    employeeId: actor?.employeeId ?? null,
    ...entry.servedAs,
  };
}

const readOrder = (url: URL, fallback: 'asc' | 'desc') => {
  const order = (url.searchParams.get('order') ?? fallback).toLowerCase();
  return order === 'asc' || order === 'desc' ? order : null;
};

const compareValues = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).toLowerCase().localeCompare(String(b).toLowerCase());

function readAuditWindow(
  url: URL,
): { ok: true; start: number; end: number } | { ok: false; message: string } {
  const startText = url.searchParams.get('startDate');
  const endText = url.searchParams.get('endDate');
  const now = Date.now();
  if (!startText && !endText) return { ok: true, start: now - AUDIT_WINDOW_MS, end: now };
  if (!endText) {
    return {
      ok: false,
      message:
        'The EndDate is required with the StartDate. The EndDate must be within 7 days after the StartDate.',
    };
  }
  if (!startText) {
    return {
      ok: false,
      message:
        'The StartDate is required with the EndDate. The StartDate must be within 7 days before the EndDate.',
    };
  }
  const start = Date.parse(startText);
  const end = Date.parse(endText);
  if (Number.isNaN(start)) return { ok: false, message: 'The StartDate must be a valid DateTime.' };
  if (Number.isNaN(end)) return { ok: false, message: 'The EndDate must be a valid DateTime.' };
  if (start < AUDIT_HISTORY_START)
    return { ok: false, message: 'Audit data prior to 2024-09-04T00:00:00Z is not available.' };
  if (start > now) return { ok: false, message: 'The StartDate cannot be in the future.' };
  if (end <= start) return { ok: false, message: 'The EndDate must be after the StartDate.' };
  if (end - start > AUDIT_WINDOW_MS)
    return { ok: false, message: 'The EndDate must be within 7 days after the StartDate.' };
  return { ok: true, start, end };
}

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let position = 0; position < text.length; position++) {
    const char = text.charAt(position);
    if (quoted) {
      if (char === '"' && text[position + 1] === '"') {
        field += '"';
        position++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[position + 1] === '\n') position++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

interface ImportResult {
  importedGroups: string[];
  existingGroups: string[];
  groupsFailedToImport: string[];
  invalidGroupNames: string[];
}

/**
 * Each row names a group (column 1) and the chain of existing groups above it: the root in
 * "Lytx Account Parent Group", then the 2nd to 13th hierarchy levels; "Subgroups" lists, split
 * by semicolons, children to create under the row's group. Rows run in file order, so a row
 * may build on a group an earlier row imported.
 */
function importGroups(db: MockDb, rows: string[][], actor: UserRecord): ImportResult {
  const result: ImportResult = {
    importedGroups: [],
    existingGroups: [],
    groupsFailedToImport: [],
    invalidGroupNames: [],
  };
  const root = db.groups.find((group) => group.id === group.parentId);
  if (!root) throw new Error('The company has no root group to import under.');
  const childByName = new Map<string, GroupRecord>();
  const childKey = (parentId: string, name: string) =>
    `${parentId.toLowerCase()}\u0000${name.trim().toLowerCase()}`;
  for (const group of db.groups) {
    if (group.id !== group.parentId) childByName.set(childKey(group.parentId, group.name), group);
  }
  const created: GroupRecord[] = [];
  const now = new Date().toISOString();

  const importOne = (
    name: string,
    description: string,
    parent: GroupRecord,
    parentPath: string,
    parentDepth: number,
  ) => {
    const path = `${parentPath}\\${name.trim()}`;
    if (nameProblem(name)) {
      result.invalidGroupNames.push(name);
      return null;
    }
    const existing = childByName.get(childKey(parent.id, name));
    if (existing) {
      result.existingGroups.push(path);
      return { group: existing, path };
    }
    if (parentDepth + 1 > MAX_GROUP_DEPTH || descriptionProblem(description)) {
      result.groupsFailedToImport.push(path);
      return null;
    }
    const id = crypto.randomUUID();
    const group: GroupRecord = {
      id,
      name: name.trim(),
      description: description.trim(),
      parentId: parent.id,
      rootGroupId: parent.rootGroupId,
      revision: 0,
      createdDate: now,
      updatedDate: now,
      mandatory: false,
    };
    db.groups.push(group);
    created.push(group);
    childByName.set(childKey(parent.id, name), group);
    result.importedGroups.push(path);
    return { group, path };
  };

  for (const cells of rows) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    const [name = '', description = '', subgroups = ''] = cells;
    const pathCells = cells
      .slice(CSV_FIRST_PATH_COLUMN, CSV_FIRST_PATH_COLUMN + CSV_PATH_COLUMNS)
      .map((cell) => cell.trim());
    const lastFilled = pathCells.reduce((last, cell, position) => (cell ? position : last), -1);
    const chain = pathCells.slice(0, lastFilled + 1);
    const typedPath = [...(chain.length > 0 ? chain : [root.name]), name.trim()].join('\\');
    // A gap in the hierarchy columns, or a chain that does not start at the root, cannot be placed.
    const [rootLevel] = chain;
    if (
      chain.some((cell) => cell === '') ||
      (rootLevel !== undefined && !sameName(rootLevel, root.name))
    ) {
      result.groupsFailedToImport.push(typedPath);
      continue;
    }
    let parent: GroupRecord | undefined = root;
    let parentDepth = 1;
    for (const segment of chain.slice(1)) {
      parent = childByName.get(childKey(parent.id, segment));
      if (!parent) break;
      parentDepth++;
    }
    if (!parent) {
      result.groupsFailedToImport.push(typedPath);
      continue;
    }
    const parentPath = [root.name, ...chain.slice(1)].join('\\');
    const placed = importOne(name, description, parent, parentPath, parentDepth);
    if (!placed) continue;
    for (const child of subgroups.split(';').filter((entry) => entry.trim() !== '')) {
      importOne(child, '', placed.group, placed.path, parentDepth + 1);
    }
  }
  if (created.length > 0) {
    const index = indexGroups(db.groups);
    for (const group of created) recordAudit(db, 'IMPORT', group, actor, index);
  }
  return result;
}

type MoveRequest = { groupId: string; parentId: string };

function readMoveRequests(
  body: unknown,
): { ok: true; moves: MoveRequest[] } | { ok: false; message: string } {
  const items = Array.isArray(body) ? body : body === null || body === undefined ? [] : [body];
  if (items.length === 0) return { ok: false, message: messages.noMoves };
  const moves: MoveRequest[] = [];
  for (const [position, item] of items.entries()) {
    const record =
      item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const op = typeof record.op === 'string' ? record.op.toLowerCase() : '';
    const path = typeof record.path === 'string' ? /^([^/]+)\/parentId$/i.exec(record.path) : null;
    const value = typeof record.value === 'string' ? /^([^/]+)\/Id$/i.exec(record.value) : null;
    const groupId = path?.[1];
    const parentId = value?.[1];
    if (op !== 'replace' || !groupId || !parentId || !isGuid(groupId) || !isGuid(parentId)) {
      return {
        ok: false,
        message: `Move ${position} must be {"op":"replace","path":"<groupId>/parentId","value":"<parentGroupId>/Id"} with valid UUIDs.`,
      };
    }
    moves.push({ groupId, parentId });
  }
  return { ok: true, moves };
}

export const groupsHandlers = [
  http.get(
    '*/v1/groups/auditLogs',
    withAuth(
      'plain',
      ({ db, url }) => {
        const limit = readIntParam(url, 'limit', { min: 1, max: 100, defaultValue: 100 });
        if (!limit.ok)
          return badRequest(
            'plain',
            'The Limit must be greater than 0 and less than or equal to 100.',
          );
        const offset = readIntParam(url, 'offset', { min: 0, defaultValue: 0 });
        if (!offset.ok) return badRequest('plain', 'The Offset must be greater or equal to 0.');
        const includeSubgroups = readBoolParam(url, 'includeSubgroups', false);
        if (!includeSubgroups.ok) return badRequest('plain', includeSubgroups.message);

        const groupIdentifier = url.searchParams.get('groupIdentifier');
        if (groupIdentifier && !isGuid(groupIdentifier))
          return badRequest('plain', messages.invalidGroupId);
        const userIdentifier = url.searchParams.get('userIdentifier');
        let actorId: string | null = null;
        if (userIdentifier) {
          const username = userIdentifier.toLowerCase();
          actorId = isGuid(userIdentifier)
            ? userIdentifier
            : (db.users.find((user) => user.username.toLowerCase() === username)?.userId ?? null);
          if (!actorId) return badRequest('plain', 'Username is invalid.');
        }
        const actionText = url.searchParams.get('action');
        const action = actionText
          ? AUDIT_ACTIONS.find((known) => known === actionText.toUpperCase())
          : undefined;
        if (actionText && !action) return badRequest('plain', 'The Action field is not valid.');
        const window = readAuditWindow(url);
        if (!window.ok) return badRequest('plain', window.message);
        const sortKeys: Record<string, (entry: AuditLogRecord) => string | number> = {
          updateddate: (entry) => entry.at,
          createddate: (entry) => entry.group.createdDate,
          name: (entry) => entry.group.name,
          action: (entry) => entry.action,
          revision: (entry) => entry.group.revision,
          fullpath: (entry) => entry.group.fullPath,
        };
        const sortKey = sortKeys[(url.searchParams.get('sort') ?? 'UpdatedDate').toLowerCase()];
        if (!sortKey) return badRequest('plain', messages.invalidSort);
        const order = readOrder(url, 'desc');
        if (!order) return badRequest('plain', messages.invalidOrder);

        const matches = db.auditLogs.filter((entry) => {
          const at = Date.parse(entry.at);
          if (at < window.start || at > window.end) return false;
          if (action && entry.action !== action) return false;
          if (actorId && !sameId(entry.actorUserId, actorId)) return false;
          if (!groupIdentifier) return true;
          // The path at the time of the action, so rows of since-deleted subgroups still match.
          return includeSubgroups.value
            ? entry.group.fullPathId.split('\\').some((id) => sameId(id, groupIdentifier))
            : sameId(entry.group.id, groupIdentifier);
        });
        const direction = order === 'asc' ? 1 : -1;
        matches.sort((a, b) => direction * compareValues(sortKey(a), sortKey(b)));
        const usersById = new Map(db.users.map((user) => [user.userId, user]));
        return HttpResponse.json({
          data: pageByOffset(matches, limit.value, offset.value).map((entry) =>
            auditResponse(entry, usersById.get(entry.actorUserId)),
          ),
          metadata: { count: matches.length, limit: limit.value, offset: offset.value },
        });
      },
      { requireGroupManager: true },
    ),
  ),

  http.post(
    '*/v1/groups/bulkImport',
    withAuth(
      'plain',
      async ({ db, request, user }) => {
        const text = new TextDecoder().decode(await request.arrayBuffer()).replace(/^\uFEFF/, '');
        const rows = parseCsv(text).filter((cells) => cells.some((cell) => cell.trim() !== ''));
        const hasHeader = rows[0]?.[0]?.trim().toLowerCase() === 'group name';
        const dataRows = hasHeader ? rows.slice(1) : rows;
        if (dataRows.length === 0) return badRequest('plain', messages.emptyImport);
        const result = importGroups(db, dataRows, user);
        commitDb();
        return HttpResponse.json(result);
      },
      { requireGroupManager: true },
    ),
  ),

  http.post(
    '*/v1/groups/bulkMove',
    withAuth(
      'plain',
      async ({ db, request, user }) => {
        const read = readMoveRequests(await readJsonBody(request));
        if (!read.ok) return badRequest('plain', read.message);
        const requested: { group: GroupRecord; parentId: string }[] = [];
        for (const move of read.moves) {
          const group = db.groups.find((candidate) => sameId(candidate.id, move.groupId));
          if (!group) return badRequest('plain', `Group ${move.groupId} does not exist.`);
          requested.push({ group, parentId: move.parentId });
        }

        const moved: GroupRecord[] = [];
        const unmoved: { group: GroupRecord; message: string }[] = [];
        for (const { group, parentId } of requested) {
          // Every move changes the tree, so each one is checked against the tree as it now stands.
          const index = indexGroups(db.groups);
          const parent = index.byId(parentId);
          const problem = group.mandatory
            ? 'Mandatory Groups cannot be updated.'
            : !parent
              ? messages.unknownParent
              : sameId(group.parentId, parent.id)
                ? 'The group is already under this parent.'
                : moveProblem(index, group, parent);
          if (problem || !parent) {
            unmoved.push({ group, message: problem ?? messages.unknownParent });
            continue;
          }
          group.parentId = parent.id;
          group.revision += 1;
          group.updatedDate = new Date().toISOString();
          recordAudit(db, 'MOVE', group, user);
          moved.push(group);
        }
        if (moved.length > 0) commitDb();
        const index = indexGroups(db.groups);
        return HttpResponse.json({
          MovedGroups: moved.map((group) => groupResponse(index, group, true)),
          UnmovedGroups: unmoved.map(({ group, message }) => ({
            Group: groupResponse(index, group, true),
            ErrorMessage: message,
          })),
        });
      },
      { requireGroupManager: true },
    ),
  ),

  http.get(
    '*/v1/groups',
    withAuth(
      'plain',
      ({ db, url }) => {
        const limit = readIntParam(url, 'limit', { min: 1 });
        if (!limit.ok) return badRequest('plain', limit.message);
        const offset = readIntParam(url, 'offset', { min: 0, defaultValue: 0 });
        if (!offset.ok) return badRequest('plain', offset.message);
        const includeSubgroups = readBoolParam(url, 'includeSubgroups', false);
        if (!includeSubgroups.ok) return badRequest('plain', includeSubgroups.message);
        const encodeFullPath = readBoolParam(url, 'encodeFullPath', true);
        if (!encodeFullPath.ok) return badRequest('plain', encodeFullPath.message);
        // How several IDs are sent is not published: accept repeats and comma lists alike.
        const groupIds = url.searchParams
          .getAll('groupIds')
          .flatMap((value) => value.split(','))
          .map((id) => id.trim())
          .filter(Boolean);
        if (groupIds.some((id) => !isGuid(id))) return badRequest('plain', messages.invalidGroupId);
        const order = readOrder(url, 'asc');
        if (!order) return badRequest('plain', messages.invalidOrder);

        const index = indexGroups(db.groups);
        const sortKeys: Record<string, (group: GroupRecord) => string | number> = {
          fullpath: (group) => index.fullPath(group),
          name: (group) => group.name,
          description: (group) => group.description,
          createddate: (group) => group.createdDate,
          updateddate: (group) => group.updatedDate,
          revision: (group) => group.revision,
          id: (group) => group.id,
          parentid: (group) => group.parentId,
        };
        const sortKey = sortKeys[(url.searchParams.get('sort') ?? 'FullPath').toLowerCase()];
        if (!sortKey) return badRequest('plain', messages.invalidSort);

        let matches = db.groups;
        if (groupIds.length > 0) {
          const wanted = new Set<string>();
          for (const id of groupIds) {
            const ids = includeSubgroups.value
              ? groupAndDescendantIds(db, id)
              : new Set([id.toLowerCase()]);
            for (const scoped of ids) wanted.add(scoped.toLowerCase());
          }
          matches = db.groups.filter((group) => wanted.has(group.id.toLowerCase()));
        }
        const keyed = matches.map((group) => ({ group, key: sortKey(group) }));
        const direction = order === 'asc' ? 1 : -1;
        keyed.sort((a, b) => direction * compareValues(a.key, b.key));
        const page = pageByOffset(keyed, limit.value, offset.value);
        return HttpResponse.json({
          groups: page.map(({ group }) => groupResponse(index, group, encodeFullPath.value)),
          metadata: {
            count: keyed.length,
            limit: limit.value ?? keyed.length,
            offset: offset.value,
          },
        });
      },
      { requireGroupManager: true },
    ),
  ),

  http.post(
    '*/v1/groups',
    withAuth(
      'plain',
      async ({ db, request, user }) => {
        const body = await readJsonBody(request);
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          return badRequest(
            'plain',
            'The request body must be a JSON object with name and parentId.',
          );
        }
        const { name, parentId, description } = body as Record<string, unknown>;
        const problem = nameProblem(name) ?? descriptionProblem(description);
        if (problem) return badRequest('plain', problem);
        if (typeof parentId !== 'string' || !isGuid(parentId))
          return badRequest('plain', messages.invalidParentId);
        const index = indexGroups(db.groups);
        const parent = index.byId(parentId);
        if (!parent) return badRequest('plain', messages.unknownParent);
        if (index.depth(parent) + 1 > MAX_GROUP_DEPTH) return badRequest('plain', messages.tooDeep);
        if (siblingWithName(index, parent.id, name as string))
          return conflict('plain', messages.duplicate);

        const now = new Date().toISOString();
        const group: GroupRecord = {
          id: crypto.randomUUID(),
          name: (name as string).trim(),
          description: typeof description === 'string' ? description.trim() : '',
          parentId: parent.id,
          rootGroupId: parent.rootGroupId,
          revision: 0,
          createdDate: now,
          updatedDate: now,
          mandatory: false,
        };
        db.groups.push(group);
        const updated = indexGroups(db.groups);
        recordAudit(db, 'CREATE', group, user, updated);
        commitDb();
        return HttpResponse.json(groupResponse(updated, group, true), { status: 201 });
      },
      { requireGroupManager: true },
    ),
  ),

  http.get<GroupParams>(
    '*/v1/groups/:groupIdentifier/descendants',
    withAuth<GroupParams>(
      'plain',
      ({ db, url, params }) => {
        if (!isGuid(params.groupIdentifier)) return badRequest('plain', messages.invalidGroupId);
        const depth = readIntParam(url, 'depth', { min: 0, defaultValue: 1 });
        if (!depth.ok) return badRequest('plain', depth.message);
        const index = indexGroups(db.groups);
        const group = index.byId(params.groupIdentifier);
        if (!group) return resourceNotFound();
        const maxLevels = depth.value === 0 ? Infinity : (depth.value ?? 1);
        const descendants: string[] = [];
        let level = index.children(group.id);
        for (let levels = 1; level.length > 0 && levels <= maxLevels; levels++) {
          descendants.push(...level.map((child) => child.id));
          level = level.flatMap((child) => index.children(child.id));
        }
        return HttpResponse.json(descendants);
      },
      { requireGroupManager: true },
    ),
  ),

  http.get<GroupParams>(
    '*/v1/groups/:groupIdentifier',
    withAuth<GroupParams>(
      'plain',
      ({ db, url, params }) => {
        if (!isGuid(params.groupIdentifier)) return badRequest('plain', messages.invalidGroupId);
        const encodeFullPath = readBoolParam(url, 'encodeFullPath', true);
        if (!encodeFullPath.ok) return badRequest('plain', encodeFullPath.message);
        const index = indexGroups(db.groups);
        const group = index.byId(params.groupIdentifier);
        if (!group) return resourceNotFound();
        return HttpResponse.json(groupResponse(index, group, encodeFullPath.value));
      },
      { requireGroupManager: true },
    ),
  ),

  http.put<GroupParams>(
    '*/v1/groups/:groupIdentifier',
    withAuth<GroupParams>(
      'plain',
      async ({ db, request, params, user }) => {
        if (!isGuid(params.groupIdentifier)) return badRequest('plain', messages.invalidGroupId);
        const index = indexGroups(db.groups);
        const group = index.byId(params.groupIdentifier);
        if (!group) return resourceNotFound();
        if (group.mandatory) return mandatoryRefused('updated');
        const body = await readJsonBody(request);
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          return badRequest('plain', 'The request body must be a JSON object.');
        }
        const { name, parentId, description } = body as Record<string, unknown>;
        if (name !== undefined) {
          const problem = nameProblem(name);
          if (problem) return badRequest('plain', problem);
        }
        const descriptionIssue = descriptionProblem(description);
        if (descriptionIssue) return badRequest('plain', descriptionIssue);
        let parent = index.byId(group.parentId);
        if (parentId !== undefined) {
          if (typeof parentId !== 'string' || !isGuid(parentId))
            return badRequest('plain', messages.invalidParentId);
          parent = index.byId(parentId);
          if (!parent) return badRequest('plain', messages.unknownParent);
        }
        const newName = typeof name === 'string' ? name.trim() : group.name;
        const moves = !!parent && !sameId(parent.id, group.parentId);
        if (parent && moves) {
          const problem = moveProblem(index, { ...group, name: newName }, parent);
          if (problem === messages.duplicate) return conflict('plain', problem);
          if (problem) return badRequest('plain', problem);
        } else if (parent && siblingWithName(index, parent.id, newName, group.id)) {
          return conflict('plain', messages.duplicate);
        }

        const newDescription =
          typeof description === 'string' ? description.trim() : group.description;
        const edits = newName !== group.name || newDescription !== group.description;
        if (!edits && !moves) return HttpResponse.json(groupResponse(index, group, true));
        group.name = newName;
        group.description = newDescription;
        if (parent && moves) group.parentId = parent.id;
        group.revision += 1;
        group.updatedDate = new Date().toISOString();
        const updated = indexGroups(db.groups);
        if (edits) recordAudit(db, 'UPDATE', group, user, updated);
        if (moves) recordAudit(db, 'MOVE', group, user, updated);
        commitDb();
        return HttpResponse.json(groupResponse(updated, group, true));
      },
      { requireGroupManager: true },
    ),
  ),

  http.delete<GroupParams>(
    '*/v1/groups/:groupIdentifier',
    withAuth<GroupParams>(
      'plain',
      ({ db, params, user }) => {
        if (!isGuid(params.groupIdentifier)) return badRequest('plain', messages.invalidGroupId);
        const index = indexGroups(db.groups);
        const group = index.byId(params.groupIdentifier);
        if (!group) return resourceNotFound();
        if (group.mandatory) return mandatoryRefused('deleted');
        if (index.children(group.id).length > 0) return badRequest('plain', messages.hasSubgroups);
        // Like the service, vehicles, devices and users left in the group are orphaned, not refused.
        group.updatedDate = new Date().toISOString();
        recordAudit(db, 'DELETE', group, user, index);
        db.groups = db.groups.filter((candidate) => candidate !== group);
        commitDb();
        return new HttpResponse(null, { status: 204 });
      },
      { requireGroupManager: true },
    ),
  ),
];
