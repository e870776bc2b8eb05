// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupTreeNode } from '@/api/group-tree';
import { createQueryClient } from '@/api/query-client';
import { RuntimeProvider } from '@/api/runtime-context';
import { mockServer } from '@/mocks/node';
import { signInForTest } from '@/mocks/test-helpers';
import {
  configureTestApiClient,
  TEST_SERVICE_BASE_URL,
  testRuntimeConfig,
  testSessionManager,
} from '@/test/test-client';
import { TestProviders } from '@/test/test-providers';
import { GroupPicker } from './group-picker';

function PickerHarness({
  onChange,
  disabledReason,
}: {
  onChange: (groupId: string | null) => void;
  disabledReason?: (node: GroupTreeNode) => string | null;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <GroupPicker
      label="Home group"
      value={value}
      onChange={(groupId) => {
        setValue(groupId);
        onChange(groupId);
      }}
      groupDisabledReason={disabledReason}
    />
  );
}

async function renderPicker(
  username?: string,
  disabledReason?: (node: GroupTreeNode) => string | null,
) {
  const token = await signInForTest(username);
  configureTestApiClient({ getAccessToken: () => token });
  // The picker reads the signed-in user's own record when the group list is closed to them.
  const now = Date.now();
  sessionStorage.setItem(
    'fleet-console.session',
    JSON.stringify({
      token,
      username: username ?? 'maria.lopez',
      issuedAt: now,
      expiresAt: now + 3_600_000,
    }),
  );
  const runtime = { config: testRuntimeConfig, session: testSessionManager(), demo: null };
  const onChange = vi.fn();
  render(
    <TestProviders>
      <RuntimeProvider runtime={runtime}>
        <QueryClientProvider client={createQueryClient()}>
          <PickerHarness onChange={onChange} disabledReason={disabledReason} />
        </QueryClientProvider>
      </RuntimeProvider>
    </TestProviders>,
  );
  return { onChange, input: screen.getByRole('combobox', { name: 'Home group' }) };
}

beforeEach(() => {
  // jsdom lays nothing out; give the virtualised tree a viewport so it renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(320);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
});

describe('GroupPicker', () => {
  it('searches by name, shows matches inside their ancestors, and picks one', async () => {
    const user = userEvent.setup();
    const { onChange, input } = await renderPicker();
    await waitFor(() => expect(input).not.toHaveAttribute('placeholder', 'Loading groups…'));
    await user.type(input, 'portland');
    const choices = await screen.findByRole('tree', { name: 'Group choices' });
    const names = within(choices)
      .getAllByRole('treeitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual(['Cascade Freight Root', 'Northwest Region', 'Portland Depot']);
    expect(within(choices).getByText('Portland', { selector: 'mark' })).toBeInTheDocument();

    await user.click(within(choices).getByRole('treeitem', { name: 'Portland Depot' }));
    expect(onChange).toHaveBeenCalledWith(expect.stringMatching(/^[0-9a-f-]{36}$/i));
    expect(input).toHaveValue('Northwest Region › Portland Depot');
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
  });

  it('keeps what is typed before the groups have loaded, and shows its matches once they do', async () => {
    // The group list is held until the text is typed, then answered as usual.
    let answerGroups!: () => void;
    const groupsHeld = new Promise<void>((resolve) => (answerGroups = resolve));
    mockServer.use(
      http.get(`${TEST_SERVICE_BASE_URL}/v1/groups`, async () => {
        await groupsHeld;
      }),
    );
    const user = userEvent.setup();
    const { input } = await renderPicker();
    await user.type(input, 'portland');
    expect(input).toHaveAttribute('placeholder', 'Loading groups…');
    expect(input).toHaveValue('portland');
    answerGroups();
    const choices = await screen.findByRole('tree', { name: 'Group choices' });
    expect(within(choices).getByRole('treeitem', { name: 'Portland Depot' })).toBeInTheDocument();
    expect(input).toHaveValue('portland');
  });

  it('works from the keyboard: open, move, expand and choose', async () => {
    const user = userEvent.setup();
    const { onChange, input } = await renderPicker();
    await waitFor(() => expect(input).not.toHaveAttribute('placeholder', 'Loading groups…'));
    input.focus();
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    const root = screen.getByRole('treeitem', { name: 'Cascade Freight Root' });
    expect(input).toHaveAttribute('aria-activedescendant', root.id);
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowRight}');
    // Mountain Region is open now; its first depot is one row down.
    expect(screen.getByRole('treeitem', { name: 'Mountain Region' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Mountain Region › Boise Depot');
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('treeitem', { name: 'Boise Depot' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('refuses groups the caller rules out, showing why', async () => {
    const user = userEvent.setup();
    const { onChange, input } = await renderPicker(undefined, (node) =>
      node.group.name === 'Seattle Depot' ? 'Current parent' : null,
    );
    await waitFor(() => expect(input).not.toHaveAttribute('placeholder', 'Loading groups…'));
    await user.type(input, 'seattle');
    const seattle = await screen.findByRole('treeitem', { name: 'Seattle Depot' });
    expect(seattle).toHaveAttribute('aria-disabled', 'true');
    expect(within(seattle).getByText('Current parent')).toBeInTheDocument();
    await user.click(seattle);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers a user without the Group Manager role the groups of their own roles', async () => {
    const user = userEvent.setup();
    const { onChange, input } = await renderPicker('dan.okafor');
    expect(
      await screen.findByText('Your groups only: the full list needs the Group Manager role.'),
    ).toBeInTheDocument();
    expect(input).toBeEnabled();
    await user.click(input);
    const choices = await screen.findByRole('tree', { name: 'Group choices' });
    const names = within(choices)
      .getAllByRole('treeitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual(['Portland Depot']);
    await user.click(within(choices).getByRole('treeitem', { name: 'Portland Depot' }));
    expect(onChange).toHaveBeenCalledWith(expect.stringMatching(/^[0-9a-f-]{36}$/i));
    expect(input).toHaveValue('Portland Depot');
  });
});
