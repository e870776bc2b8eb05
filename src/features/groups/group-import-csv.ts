import { t } from '@lingui/core/macro';
import Papa from 'papaparse';
import { groupPathNames, isRootGroup, type GroupTree, type GroupTreeNode } from '@/api/group-tree';
import type { GroupImportResult } from '@/api/groups';
import { unescapeFormula } from '@/lib/csv-export';
import { formatGroupPath, readGroupPath } from '@/lib/group-path';
import { groupDescriptionProblem, groupNameProblem, sameGroupName } from './group-fields';

/**
 * The bulk-import file (Groups API, POST /groups/bulkImport; columns listed in ImportGroupRequest):
 * 16 fixed columns. Each row names a group, the chain of groups above it (the root, then the 2nd
 * to 13th levels), and optional new subgroups separated by semicolons. The service works through
 * the rows in file order.
 */
const HIERARCHY_ORDINALS = [
  '2nd',
  '3rd',
  '4th',
  '5th',
  '6th',
  '7th',
  '8th',
  '9th',
  '10th',
  '11th',
  '12th',
  '13th',
] as const;

export const GROUP_IMPORT_COLUMNS = [
  'Group Name',
  'Description',
  'Subgroups',
  'Lytx Account Parent Group',
  ...HIERARCHY_ORDINALS.map((ordinal) => `Sub-Group (${ordinal} Hierarchy)`),
] as const;

const NAME_COLUMN = GROUP_IMPORT_COLUMNS[0];
const DESCRIPTION_COLUMN = GROUP_IMPORT_COLUMNS[1];
const SUBGROUPS_COLUMN = GROUP_IMPORT_COLUMNS[2];
const FIRST_PATH_COLUMN = 3;

/** The layout's column for a hierarchy level (0: the root group). */
function levelColumn(level: number): string {
  // hierarchyCells reads only the layout's columns, so the fallback never shows.
  const levelNumber = level + 1;
  return GROUP_IMPORT_COLUMNS[FIRST_PATH_COLUMN + level] ?? t`Hierarchy level ${levelNumber}`;
}
/** The root plus twelve levels: as deep as the layout (and the service) goes. */
const MAX_GROUP_LEVELS = 13;
export const MAX_IMPORT_FILE_BYTES = 1_000_000;

interface GroupImportIssue {
  /** 1-based record number, as a spreadsheet numbers rows (the header is row 1). */
  row: number;
  column: string;
  message: string;
}

export interface PlannedImportGroup {
  row: number;
  /** Names from the root down to the group. */
  names: string[];
  /** `existing`: a row that only anchors new subgroups under a group that is already there. */
  status: 'new' | 'existing';
}

export interface GroupImportCheck {
  /** A problem with the whole file; rows are not checked when there is one. */
  fileProblem: string | null;
  dataRowCount: number;
  issues: GroupImportIssue[];
  planned: PlannedImportGroup[];
  newGroupCount: number;
}

const pathKey = (names: readonly string[]) =>
  names.map((name) => name.trim().toLowerCase()).join('\\');

function companyRoot(tree: GroupTree): GroupTreeNode | null {
  return tree.roots.find((node) => isRootGroup(node.group)) ?? tree.roots[0] ?? null;
}

/** The existing group at this path (root name first), if there is one. */
function findByPath(root: GroupTreeNode, names: readonly string[]): GroupTreeNode | null {
  const [rootName, ...below] = names;
  if (rootName === undefined || !sameGroupName(rootName, root.group.name)) return null;
  let node: GroupTreeNode | undefined = root;
  for (const name of below) {
    node = node.children.find((child) => sameGroupName(child.group.name, name));
    if (!node) return null;
  }
  return node;
}

/**
 * A template with the header row and one example: a new team with two shifts under a real group.
 * Group names are the company's own text, so it is written by the one CSV writer that escapes
 * formulas (a group may well be called "=HYPERLINK(…)").
 */
export function groupImportTemplateRows(tree: GroupTree): string[][] {
  const root = companyRoot(tree);
  const exampleParent = root?.children[0] ?? root;
  const parentNames = exampleParent ? groupPathNames(exampleParent) : [t`Company Root`];
  // The example's names are in the reader's language: they are replaced with the company's own.
  const example = [
    t`Example Team`,
    t`Replace this row with your own groups`,
    `${t`Morning Shift`};${t`Evening Shift`}`,
    ...parentNames,
  ];
  const padded = GROUP_IMPORT_COLUMNS.map((_, index) => example[index] ?? '');
  return [[...GROUP_IMPORT_COLUMNS], padded];
}

function fileProblemOnly(problem: string): GroupImportCheck {
  return { fileProblem: problem, dataRowCount: 0, issues: [], planned: [], newGroupCount: 0 };
}

const isBlankRecord = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

function headerProblem(cells: readonly string[]): string | null {
  for (const [index, expected] of GROUP_IMPORT_COLUMNS.entries()) {
    const actual = (cells[index] ?? '').trim();
    if (actual.toLowerCase() !== expected.toLowerCase()) {
      const columnNumber = index + 1;
      const found = actual || t`(empty)`;
      return t`The header row does not match the import layout: column ${columnNumber} should be "${expected}" but is "${found}". Download the template to see the layout.`;
    }
  }
  if (cells.slice(GROUP_IMPORT_COLUMNS.length).some((cell) => cell.trim() !== '')) {
    const columnCount = GROUP_IMPORT_COLUMNS.length;
    return t`The header row has more than ${columnCount} columns. Download the template to see the layout.`;
  }
  return null;
}

interface ParsedRow {
  row: number;
  cells: string[];
}

/**
 * Reads and checks an import file against the current tree before anything is sent, finding what
 * the service would refuse or silently skip, and what the tree would look like afterwards.
 */
export function checkGroupImport(text: string, tree: GroupTree): GroupImportCheck {
  const root = companyRoot(tree);
  if (!root) return fileProblemOnly(t`The group tree is not loaded yet.`);
  const content = text.replace(/^\uFEFF/, '');
  if (content.includes('\u0000')) {
    return fileProblemOnly(
      t`This is not a text CSV file. Save the sheet as CSV (UTF-8) and try again.`,
    );
  }
  // The delimiter is fixed: guessing could pick the semicolons of the Subgroups column.
  const parsed = Papa.parse<string[]>(content, { delimiter: ',', skipEmptyLines: false });
  const records: ParsedRow[] = parsed.data
    // The template escapes formula-like names; read them back as the names they are.
    .map((cells, index) => ({ row: index + 1, cells: cells.map(unescapeFormula) }))
    .filter((record) => !isBlankRecord(record.cells));
  const [first] = records;
  if (!first) return fileProblemOnly(t`The file is empty.`);

  const hasHeader = (first.cells[0] ?? '').trim().toLowerCase() === NAME_COLUMN.toLowerCase();
  if (hasHeader) {
    const problem = headerProblem(first.cells);
    if (problem) return fileProblemOnly(problem);
  }
  const rows = hasHeader ? records.slice(1) : records;
  if (rows.length === 0) return fileProblemOnly(t`The file has no group rows below the header.`);

  // The whole row, in the Column column of the problems table.
  const rowColumn = t`Row`;
  const issues: GroupImportIssue[] = parsed.errors.map((error) => {
    const parserMessage = error.message;
    return {
      row: (error.row ?? 0) + 1,
      column: rowColumn,
      message:
        error.type === 'Quotes'
          ? t`A quoted value is not closed: check the quotation marks in this row.`
          : t`The row could not be read: ${parserMessage}.`,
    };
  });
  const planned: PlannedImportGroup[] = [];
  const rowsByTarget = firstRowByTarget(rows, root);
  // Paths this file adds, by the row that adds them; rows with problems count too, so a fix to
  // one row does not reveal a cascade of "unknown parent" errors in the rows below it.
  const addedBy = new Map<string, number>();

  for (const { row, cells } of rows) {
    const report = (column: string, message: string) => issues.push({ row, column, message });
    const extraCells = cells.slice(GROUP_IMPORT_COLUMNS.length).filter((cell) => cell.trim());
    if (extraCells.length > 0) {
      const columnCount = GROUP_IMPORT_COLUMNS.length;
      report(
        rowColumn,
        t`This row has values beyond the ${columnCount} columns of the layout. Remove them.`,
      );
    }
    const rawName = cells[0] ?? '';
    const name = rawName.trim();
    const nameProblem = name ? groupNameProblem(rawName) : t`The group name is missing.`;
    if (nameProblem) report(NAME_COLUMN, nameProblem);
    const descriptionProblem = groupDescriptionProblem(cells[1] ?? '');
    if (descriptionProblem) report(DESCRIPTION_COLUMN, descriptionProblem);

    const chain = hierarchyCells(cells);
    const gap = chain.findIndex((cell) => cell === '');
    if (gap >= 0) {
      report(
        levelColumn(gap),
        t`This level is empty while a later one is filled. Fill the levels from the root down, without gaps.`,
      );
      continue;
    }
    const [rootLevel] = chain;
    if (rootLevel !== undefined && !sameGroupName(rootLevel, root.group.name)) {
      const rootName = root.group.name;
      report(
        levelColumn(0),
        t`This must be the root group, "${rootName}". Leave every level empty to add the group directly under the root.`,
      );
      continue;
    }
    const parentNames = [root.group.name, ...chain.slice(1)];
    const parentColumn = levelColumn(Math.max(chain.length - 1, 0));
    if (!name) continue;

    // With no levels below the root, the root is the parent.
    if (sameGroupName(parentNames.at(-1) ?? root.group.name, name)) {
      report(
        parentColumn,
        t`"${name}" is given as its own parent: a group cannot be placed under itself.`,
      );
      continue;
    }
    const parentPath = formatGroupPath(parentNames);
    if (parentNames.some((ancestor) => sameGroupName(ancestor, name))) {
      report(
        NAME_COLUMN,
        t`"${name}" appears in its own parent path (${parentPath}): that would make a cycle.`,
      );
      continue;
    }

    const maxLevels = MAX_GROUP_LEVELS;
    if (parentNames.length + 1 > maxLevels) {
      const level = parentNames.length + 1;
      report(
        NAME_COLUMN,
        t`The group would be on level ${level}; the tree has at most ${maxLevels} levels.`,
      );
      continue;
    }

    const parentKey = pathKey(parentNames);
    const parentExists = findByPath(root, parentNames) !== null;
    if (!parentExists && !addedBy.has(parentKey)) {
      const laterRow = rowsByTarget.get(parentKey);
      const missing = missingSegment(root, parentNames);
      report(
        parentColumn,
        laterRow !== undefined && laterRow > row
          ? t`The parent "${parentPath}" is added by row ${laterRow}, which comes after this one. Move this row below row ${laterRow}.`
          : t`The parent "${parentPath}" does not exist. ${missing}`,
      );
      continue;
    }

    const names = [...parentNames, name];
    const key = pathKey(names);
    const subgroupNames = (cells[2] ?? '').split(';').filter((entry) => entry.trim() !== '');
    const earlierRow = addedBy.get(key);
    const groupPath = formatGroupPath(names);
    if (earlierRow !== undefined) {
      report(
        NAME_COLUMN,
        t`Row ${earlierRow} already adds "${groupPath}". Each group may appear once.`,
      );
      continue;
    }
    const existing = findByPath(root, names);
    if (existing && subgroupNames.length === 0) {
      report(
        NAME_COLUMN,
        t`"${groupPath}" already exists, so this row would import nothing. Remove the row, or list new subgroups for it.`,
      );
      continue;
    }
    addedBy.set(key, row);
    if (!nameProblem && !descriptionProblem) {
      planned.push({ row, names, status: existing ? 'existing' : 'new' });
    }

    for (const rawSubgroup of subgroupNames) {
      const subgroup = rawSubgroup.trim();
      const problem = groupNameProblem(rawSubgroup);
      if (problem) {
        report(SUBGROUPS_COLUMN, t`Subgroup "${subgroup}": ${problem}`);
        continue;
      }
      if (sameGroupName(subgroup, name)) {
        report(
          SUBGROUPS_COLUMN,
          t`"${subgroup}" is listed as a subgroup of itself: a group cannot be placed under itself.`,
        );
        continue;
      }
      if (names.length + 1 > maxLevels) {
        const level = names.length + 1;
        report(
          SUBGROUPS_COLUMN,
          t`Subgroup "${subgroup}" would be on level ${level}; the tree has at most ${maxLevels} levels.`,
        );
        continue;
      }
      const subgroupPath = [...names, subgroup];
      const subgroupKey = pathKey(subgroupPath);
      const addedEarlier = addedBy.get(subgroupKey);
      const subgroupFullPath = formatGroupPath(subgroupPath);
      if (addedEarlier !== undefined) {
        report(
          SUBGROUPS_COLUMN,
          addedEarlier === row
            ? t`Subgroup "${subgroup}" is listed twice.`
            : t`Row ${addedEarlier} already adds "${subgroupFullPath}". Each group may appear once.`,
        );
        continue;
      }
      if (existing && findByPath(root, subgroupPath)) {
        report(SUBGROUPS_COLUMN, t`"${subgroupFullPath}" already exists.`);
        continue;
      }
      addedBy.set(subgroupKey, row);
      planned.push({ row, names: subgroupPath, status: 'new' });
    }
  }

  issues.sort((a, b) => a.row - b.row);
  return {
    fileProblem: null,
    dataRowCount: rows.length,
    issues,
    planned,
    newGroupCount: planned.filter((group) => group.status === 'new').length,
  };
}

/** The hierarchy cells up to the last filled one (trailing empty levels are just unused). */
function hierarchyCells(cells: readonly string[]): string[] {
  const levels = cells
    .slice(FIRST_PATH_COLUMN, FIRST_PATH_COLUMN + MAX_GROUP_LEVELS)
    .map((cell) => cell.trim());
  let last = levels.length - 1;
  while (last >= 0 && levels[last] === '') last--;
  return levels.slice(0, last + 1);
}

/** The first row that would add each path, so a row that comes too early can be told where its parent is. */
function firstRowByTarget(rows: readonly ParsedRow[], root: GroupTreeNode): Map<string, number> {
  const rowsByTarget = new Map<string, number>();
  const remember = (names: string[], row: number) => {
    const key = pathKey(names);
    if (!rowsByTarget.has(key)) rowsByTarget.set(key, row);
  };
  for (const { row, cells } of rows) {
    const name = (cells[0] ?? '').trim();
    const chain = hierarchyCells(cells);
    if (!name || chain.includes('')) continue;
    const names = [root.group.name, ...chain.slice(1), name];
    remember(names, row);
    for (const subgroup of (cells[2] ?? '').split(';')) {
      if (subgroup.trim()) remember([...names, subgroup.trim()], row);
    }
  }
  return rowsByTarget;
}

/** Which level of a missing path is the first one that is not there. */
function missingSegment(root: GroupTreeNode, names: readonly string[]): string {
  let node = root;
  for (const [index, name] of names.slice(1).entries()) {
    const child = node.children.find((candidate) => sameGroupName(candidate.group.name, name));
    if (!child) {
      const parentPath = formatGroupPath(names.slice(0, index + 1));
      return t`There is no group "${name}" under "${parentPath}".`;
    }
    node = child;
  }
  return '';
}

export interface ImportPreviewNode {
  name: string;
  /** `context`: an existing group shown only to place the new ones. */
  status: 'new' | 'existing' | 'context';
  row: number | null;
  children: ImportPreviewNode[];
}

/** The part of the tree the import touches: the new groups (marked) inside their existing ancestors. */
export function buildImportPreview(planned: readonly PlannedImportGroup[]): ImportPreviewNode[] {
  const top: ImportPreviewNode[] = [];
  const byKey = new Map<string, ImportPreviewNode>();
  for (const group of planned) {
    let siblings = top;
    group.names.forEach((name, index) => {
      const key = pathKey(group.names.slice(0, index + 1));
      let node = byKey.get(key);
      if (!node) {
        node = { name, status: 'context', row: null, children: [] };
        byKey.set(key, node);
        siblings.push(node);
      }
      if (index === group.names.length - 1) {
        node.status = group.status;
        node.row = group.row;
      }
      siblings = node.children;
    });
  }
  return top;
}

export type ImportOutcome = 'imported' | 'existing' | 'failed' | 'invalid' | 'not reported';

export interface PlannedGroupOutcome {
  group: PlannedImportGroup;
  outcome: ImportOutcome;
}

/** The service answers with path lists; this puts each planned group's outcome back on its row. */
export function matchImportOutcomes(
  planned: readonly PlannedImportGroup[],
  result: GroupImportResult,
): { outcomes: PlannedGroupOutcome[]; unmatched: { outcome: ImportOutcome; path: string }[] } {
  const outcomeByPath = new Map<string, { outcome: ImportOutcome; path: string }>();
  const addPaths = (paths: readonly string[], outcome: ImportOutcome) => {
    for (const path of paths)
      outcomeByPath.set(pathKey(readGroupPath(path, 'import')), { outcome, path });
  };
  addPaths(result.importedGroups, 'imported');
  addPaths(result.existingGroups, 'existing');
  addPaths(result.groupsFailedToImport, 'failed');
  const invalidNames = new Map(
    result.invalidGroupNames.map((name) => [name.trim().toLowerCase(), name]),
  );
  const matched = new Set<string>();
  const outcomes = planned.map((group) => {
    const key = pathKey(group.names);
    const byPath = outcomeByPath.get(key);
    if (byPath) {
      matched.add(key);
      return { group, outcome: byPath.outcome };
    }
    const name = group.names.at(-1)?.trim().toLowerCase();
    if (name !== undefined && invalidNames.has(name)) {
      invalidNames.delete(name);
      return { group, outcome: 'invalid' as const };
    }
    return { group, outcome: 'not reported' as const };
  });
  const unmatched = [
    ...[...outcomeByPath.entries()].filter(([key]) => !matched.has(key)).map(([, entry]) => entry),
    ...[...invalidNames.values()].map((path) => ({ outcome: 'invalid' as const, path })),
  ];
  return { outcomes, unmatched };
}
