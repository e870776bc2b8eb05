// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildGroupTree, searchGroupTree, visibleGroupTreeRows } from '@/api/group-tree';
import { testGroup } from '@/test/group-fixture';
import { TestProviders } from '@/test/test-providers';
import { GroupTree } from './group-tree';

const ROOT = 'root';
const tree = buildGroupTree([
  testGroup(ROOT, 'Root', ROOT, ROOT),
  testGroup('haul', 'Haul and HAUL', ROOT, ROOT),
  testGroup('cafe', 'Cafe and Café', ROOT, ROOT),
]);

function renderTreeSearchingFor(query: string) {
  const search = searchGroupTree(tree, query);
  render(
    <TestProviders>
      <GroupTree
        id="groups"
        label="Groups"
        rows={visibleGroupTreeRows(tree, new Set([ROOT]), search)}
        activeKey={null}
        selectedKeys={new Set()}
        height={300}
        highlight={query}
        onActiveChange={() => {}}
        onSelect={() => {}}
        onToggle={() => {}}
        emptyMessage="No groups"
      />
    </TestProviders>,
  );
}

const marksIn = (name: string) =>
  [...screen.getByRole('treeitem', { name }).querySelectorAll('mark')].map(
    (mark) => mark.textContent,
  );

describe('GroupTree search highlight', () => {
  // jsdom lays nothing out: the virtualised tree is given the size it has in a page.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
  });
  afterEach(() => vi.restoreAllMocks());

  it('marks every occurrence of the search in a name, keeping its case', () => {
    renderTreeSearchingFor(' haul ');
    expect(marksIn('Haul and HAUL')).toEqual(['Haul', 'HAUL']);
    expect(screen.getByRole('treeitem', { name: 'Haul and HAUL' })).toHaveTextContent(
      'Haul and HAUL',
    );
  });

  it('lets accents count, as the search that found the rows does', () => {
    renderTreeSearchingFor('cafe');
    expect(marksIn('Cafe and Café')).toEqual(['Cafe']);
  });
});
