import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildGroupTree } from '@/api/group-tree';
import type { Group } from '@/api/groups';
import { toCsv } from '@/lib/csv-export';
import { testGroup } from '@/test/group-fixture';
import {
  buildImportPreview,
  checkGroupImport,
  GROUP_IMPORT_COLUMNS,
  groupImportTemplateRows,
  matchImportOutcomes,
} from './group-import-csv';

const ROOT = 'root';

const group = (id: string, name: string, parentId: string): Group =>
  testGroup(id, name, parentId, ROOT);

const tree = buildGroupTree([
  group(ROOT, 'Cascade Freight Root', ROOT),
  group('nw', 'Northwest Region', ROOT),
  group('pdx', 'Portland Depot', 'nw'),
  group('haul', 'Long Haul', 'pdx'),
]);

const HEADER = GROUP_IMPORT_COLUMNS.join(',');
const ROOT_NAME = 'Cascade Freight Root';

/** One CSV line: name, description, subgroups, then the hierarchy from the root. */
const line = (name: string, path: string[] = [ROOT_NAME], subgroups = '', description = '') =>
  [name, description, subgroups, ...path]
    .map((cell) => (cell.includes(',') ? `"${cell}"` : cell))
    .join(',');

const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
const check = (...rows: string[]) => checkGroupImport(csv(...rows), tree);

describe('groupImportTemplate', () => {
  it('has the 16-column header and an example row under a real group', () => {
    const template = toCsv(groupImportTemplateRows(tree));
    const [header, example] = Papa.parse<string[]>(template.trim()).data;
    expect(header).toEqual([...GROUP_IMPORT_COLUMNS]);
    expect(header).toHaveLength(16);
    expect(example).toHaveLength(16);
    expect(example!.slice(3, 5)).toEqual([ROOT_NAME, 'Northwest Region']);
    // The template itself passes the checks.
    const result = checkGroupImport(template, tree);
    expect(result.issues).toEqual([]);
    expect(result.newGroupCount).toBe(3);
  });

  it('escapes a formula-like group name, and reads its own template back to the real name', () => {
    const formula = '=HYPERLINK("http://evil.example","Open")';
    const hostile = buildGroupTree([
      group(ROOT, 'Cascade Freight Root', ROOT),
      group('evil', formula, ROOT),
    ]);
    const template = toCsv(groupImportTemplateRows(hostile));
    expect(template).toContain(`"'=HYPERLINK(""http://evil.example"",""Open"")"`);
    expect(template).not.toMatch(/(^|,)"?=/m);
    const result = checkGroupImport(template, hostile);
    expect(result.issues).toEqual([]);
    expect(result.planned[0]!.names).toEqual([ROOT_NAME, formula, 'Example Team']);
  });
});

describe('checkGroupImport', () => {
  it('accepts a clean file and plans the groups in file order, rows building on earlier rows', () => {
    const result = check(
      line('Eastside', [ROOT_NAME, 'Northwest Region', 'Portland Depot'], 'Morning;Evening'),
      line('Dock', [ROOT_NAME, 'Northwest Region', 'Portland Depot', 'Eastside']),
      line('Southern Region'),
    );
    expect(result.fileProblem).toBeNull();
    expect(result.issues).toEqual([]);
    expect(result.dataRowCount).toBe(3);
    expect(result.planned.map((group) => [group.row, group.names.slice(1).join('/')])).toEqual([
      [2, 'Northwest Region/Portland Depot/Eastside'],
      [2, 'Northwest Region/Portland Depot/Eastside/Morning'],
      [2, 'Northwest Region/Portland Depot/Eastside/Evening'],
      [3, 'Northwest Region/Portland Depot/Eastside/Dock'],
      [4, 'Southern Region'],
    ]);
    expect(result.newGroupCount).toBe(5);
  });

  it('works without a header row and ignores blank lines', () => {
    const result = checkGroupImport(`\r\n${line('Southern Region')}\r\n\r\n`, tree);
    expect(result.issues).toEqual([]);
    expect(result.newGroupCount).toBe(1);
  });

  it('reports a missing name', () => {
    expect(check(line('  ')).issues).toEqual([
      { row: 2, column: 'Group Name', message: 'The group name is missing.' },
    ]);
  });

  it('reports an unknown parent path, naming the missing level', () => {
    const [issue] = check(line('Team', [ROOT_NAME, 'Northwest Region', 'Boston Depot'])).issues;
    expect(issue!.row).toBe(2);
    expect(issue!.column).toBe('Sub-Group (3rd Hierarchy)');
    expect(issue!.message).toContain('There is no group "Boston Depot" under');
  });

  it('reports a parent that only a later row adds', () => {
    const [issue] = check(
      line('Dock', [ROOT_NAME, 'Southern Region']),
      line('Southern Region'),
    ).issues;
    expect(issue!.row).toBe(2);
    expect(issue!.message).toContain('added by row 3');
  });

  it('reports a hierarchy that does not start at the root, or has a gap', () => {
    expect(check(line('Team', ['Other Root'])).issues[0]!.message).toContain(
      `must be the root group, "${ROOT_NAME}"`,
    );
    expect(check(line('Team', [ROOT_NAME, '', 'Portland Depot'])).issues[0]).toMatchObject({
      column: 'Sub-Group (2nd Hierarchy)',
    });
  });

  it('reports duplicates within the file, including subgroups', () => {
    const result = check(
      line('Southern Region'),
      line('southern region '),
      line('Eastside', [ROOT_NAME, 'Northwest Region'], 'Dock;Dock'),
    );
    expect(result.issues.map((issue) => [issue.row, issue.message])).toEqual([
      [3, expect.stringContaining('Row 2 already adds')],
      [4, 'Subgroup "Dock" is listed twice.'],
    ]);
  });

  it('reports groups that already exist, but lets an existing group take new subgroups', () => {
    const existing = check(line('Portland Depot', [ROOT_NAME, 'Northwest Region']));
    expect(existing.issues[0]!.message).toContain(
      'already exists, so this row would import nothing',
    );

    const anchor = check(
      line('Portland Depot', [ROOT_NAME, 'Northwest Region'], 'Long Haul;Dockside'),
    );
    expect(anchor.issues.map((issue) => issue.message)).toEqual([
      '"Cascade Freight Root › Northwest Region › Portland Depot › Long Haul" already exists.',
    ]);
    expect(anchor.planned.map((group) => [group.names.at(-1), group.status])).toEqual([
      ['Portland Depot', 'existing'],
      ['Dockside', 'new'],
    ]);
    expect(anchor.newGroupCount).toBe(1);
  });

  it('reports self-parenting and cycles', () => {
    const selfParent = check(
      line('Portland Depot', [ROOT_NAME, 'Northwest Region', 'Portland Depot']),
    );
    expect(selfParent.issues[0]!.message).toContain('given as its own parent');
    const ownSubgroup = check(line('Eastside', [ROOT_NAME], 'Eastside'));
    expect(ownSubgroup.issues[0]!.message).toContain('subgroup of itself');
    const cycle = check(
      line('Northwest Region', [ROOT_NAME, 'Northwest Region', 'Portland Depot']),
    );
    expect(cycle.issues[0]!.message).toContain('appears in its own parent path');
  });

  it('reports over-long names and descriptions', () => {
    const result = check(
      line('x'.repeat(51)),
      line('Fine', [ROOT_NAME], 'y'.repeat(60), 'z'.repeat(256)),
    );
    expect(result.issues.map((issue) => [issue.row, issue.column, issue.message])).toEqual([
      [2, 'Group Name', 'A name has at most 50 characters; this one has 51.'],
      [3, 'Description', 'A description has at most 255 characters; this one has 256.'],
      [
        3,
        'Subgroups',
        `Subgroup "${'y'.repeat(60)}": A name has at most 50 characters; this one has 60.`,
      ],
    ]);
  });

  it('reports invalid characters', () => {
    const result = check(line('North<East>'), line('Tab\there'), line('Back\\slash'));
    expect(result.issues).toHaveLength(3);
    expect(result.issues.every((issue) => issue.message.includes('cannot contain'))).toBe(true);
  });

  it('reports groups deeper than the tree allows', () => {
    const levels = [ROOT_NAME, ...Array.from({ length: 12 }, (_, index) => `Level ${index + 2}`)];
    const result = check(line('Too Deep', levels));
    // The parent path does not exist either, but a too-deep row is refused whatever its parent.
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]!.message).toBe(
      'The group would be on level 14; the tree has at most 13 levels.',
    );
  });

  it('reports values beyond the 16 columns and unclosed quotes', () => {
    const extra = check(`${line('Southern Region')},,,,,,,,,,,,,,,extra`);
    expect(extra.issues[0]!.message).toContain('beyond the 16 columns');
    const quotes = check(line('Fine'), '"Broken,,,Cascade Freight Root');
    expect(
      quotes.issues.some((issue) => issue.message.includes('quoted value is not closed')),
    ).toBe(true);
  });

  it('refuses files that are empty, binary or in another layout', () => {
    expect(checkGroupImport('', tree).fileProblem).toBe('The file is empty.');
    expect(checkGroupImport(HEADER, tree).fileProblem).toBe(
      'The file has no group rows below the header.',
    );
    expect(checkGroupImport('PK\u0003\u0004\u0000\u0000', tree).fileProblem).toContain(
      'not a text CSV file',
    );
    expect(checkGroupImport('Group Name,Parent\r\nA,B', tree).fileProblem).toContain(
      'column 2 should be "Description"',
    );
  });
});

describe('buildImportPreview', () => {
  it('nests the new groups inside their existing ancestors', () => {
    const { planned } = check(
      line('Portland Depot', [ROOT_NAME, 'Northwest Region'], 'Dockside'),
      line('Southern Region'),
    );
    const [root] = buildImportPreview(planned);
    expect(root).toMatchObject({ name: ROOT_NAME, status: 'context' });
    expect(root!.children.map((node) => [node.name, node.status])).toEqual([
      ['Northwest Region', 'context'],
      ['Southern Region', 'new'],
    ]);
    const portland = root!.children[0]!.children[0]!;
    expect(portland).toMatchObject({ name: 'Portland Depot', status: 'existing', row: 2 });
    expect(portland.children).toEqual([{ name: 'Dockside', status: 'new', row: 2, children: [] }]);
  });
});

describe('matchImportOutcomes', () => {
  it('puts the service’s path lists back on the planned rows', () => {
    const { planned } = check(line('Eastside', [ROOT_NAME], 'Dock'), line('Westside'));
    const { outcomes, unmatched } = matchImportOutcomes(planned, {
      importedGroups: [`${ROOT_NAME}\\Eastside`, `${ROOT_NAME}\\Eastside\\Dock`],
      existingGroups: [],
      groupsFailedToImport: [`${ROOT_NAME}\\westside`],
      invalidGroupNames: ['Odd<Name>'],
    });
    expect(outcomes.map((entry) => [entry.group.names.at(-1), entry.outcome])).toEqual([
      ['Eastside', 'imported'],
      ['Dock', 'imported'],
      ['Westside', 'failed'],
    ]);
    expect(unmatched).toEqual([{ outcome: 'invalid', path: 'Odd<Name>' }]);
  });
});
