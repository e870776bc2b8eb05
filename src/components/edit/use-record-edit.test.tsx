// @vitest-environment jsdom
import { Notifications } from '@mantine/notifications';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeError } from '@/api/api-error';
import { watchConnection } from '@/api/connection';
import { isRootGroup } from '@/api/group-tree';
import { getGroup, listGroups, updateGroup, type Group } from '@/api/groups';
import { createQueryClient } from '@/api/query-client';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient, serveForTest, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import { TestProviders } from '@/test/test-providers';
import { useRecordEdit } from './use-record-edit';
import type { ReadValues } from './use-record-save';

/** The controller's save flow, on a group of the demo service: a form of two fields. */
interface GroupValues {
  name: string;
  description: string;
}

const readGroup = (group: Group): ReadValues<GroupValues> => ({
  values: { name: group.name, description: group.description ?? '' },
  unread: new Set(group.description === undefined ? (['description'] as const) : []),
});

function GroupForm({ group }: { group: Group }) {
  const { statusRef, ...edit } = useRecordEdit({
    subject: 'group',
    initial: readGroup(group),
    read: () => getGroup(group.id),
    valuesOf: readGroup,
    conflictFields: [
      { key: 'name', label: 'Name' },
      { key: 'description', label: 'Description' },
    ],
    describe: (_key, value) => String(value) || 'Not set',
    writes: 'patch',
    toRequest: ({ values, known }) => {
      const body: { name?: string; description?: string } = {};
      if (values.name !== known.name) body.name = values.name;
      if (values.description !== known.description) body.description = values.description;
      return Object.keys(body).length ? body : null;
    },
    send: (body) => updateGroup(group.id, body),
    savedValuesOf: readGroup,
  });
  return (
    <>
      <form onSubmit={edit.submit} aria-label="Group">
        <label>
          Name <input {...edit.form.getInputProps('name')} />
        </label>
        <label>
          Description <input {...edit.form.getInputProps('description')} />
        </label>
        <p ref={statusRef} role="status" tabIndex={-1}>
          {edit.unsaved ? 'Unsaved changes.' : (edit.savedNote ?? 'No unsaved changes.')}
        </p>
        {edit.error ? <p role="alert">Not saved: {describeError(edit.error)}</p> : null}
        <button type="submit">Save</button>
      </form>
      {edit.conflictDialog}
    </>
  );
}

function renderWithProviders(children: ReactNode) {
  render(
    <TestProviders>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    </TestProviders>,
  );
  return userEvent.setup();
}

/** A group below the root of the demo company, as the service sends it. */
async function someChildGroup(): Promise<Group> {
  const page = await listGroups({ page: { pageIndex: 0, pageSize: 50 } });
  const child = page.items.find((group) => !isRootGroup(group));
  if (!child) throw new Error('The demo company has no child group.');
  return child;
}

beforeEach(async () => {
  const token = await signInForTest('maria.lopez');
  configureTestApiClient({ getAccessToken: () => token });
});

describe('the edit controller, against the demo service', () => {
  it('saves only what changed and says so', async () => {
    const group = await someChildGroup();
    const user = renderWithProviders(<GroupForm group={group} />);
    const updates = serveForTest('put', `${TEST_SERVICE_BASE_URL}/v1/groups/${group.id}`, () =>
      HttpResponse.json({ ...group, description: 'Night shift yard' }),
    );

    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Night shift yard');
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Saved. No unsaved changes.'),
    );
    expect(updates).toHaveLength(1);
    expect(await updates[0]!.json()).toEqual({ description: 'Night shift yard' });
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('offers the conflict dialog when someone else changed the same field, and keeps theirs', async () => {
    const group = await someChildGroup();
    const user = renderWithProviders(<GroupForm group={group} />);
    // Someone else renames the group after the form opened.
    await updateGroup(group.id, { name: `${group.name} North` });

    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, `${group.name} South`);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this group' });
    expect(within(dialog).getByRole('row', { name: /^Name/ })).toHaveTextContent(
      `${group.name} North`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Nothing left to save: the form shows the saved values.',
      ),
    );
    expect(screen.getByLabelText('Name')).toHaveValue(`${group.name} North`);
    expect((await getGroup(group.id)).name).toBe(`${group.name} North`);
  });

  it('never sends the placeholder of a field the service left out', async () => {
    const group = await someChildGroup();
    const { description: _left, ...withoutDescription } = group;
    serveForTest('get', `${TEST_SERVICE_BASE_URL}/v1/groups/${group.id}`, () =>
      HttpResponse.json(withoutDescription),
    );
    const updates = serveForTest('put', `${TEST_SERVICE_BASE_URL}/v1/groups/${group.id}`, () =>
      HttpResponse.json({ ...withoutDescription, name: 'Renamed yard' }),
    );
    const user = renderWithProviders(<GroupForm group={withoutDescription} />);

    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Renamed yard');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Saved. No unsaved changes.'),
    );
    // The empty description in the form was a placeholder: it is not sent as "clear it".
    expect(await updates[0]!.json()).toEqual({ name: 'Renamed yard' });
  });

  it('offline, neither reads nor sends, and says the change needs the connection', async () => {
    const group = await someChildGroup();
    watchConnection({ demo: false });
    const reads = serveForTest('get', `${TEST_SERVICE_BASE_URL}/v1/groups/${group.id}`, () =>
      HttpResponse.json(group),
    );
    const updates = serveForTest('put', `${TEST_SERVICE_BASE_URL}/v1/groups/${group.id}`, () =>
      HttpResponse.json(group),
    );
    const user = renderWithProviders(<GroupForm group={group} />);
    await user.type(screen.getByLabelText('Name'), ' West');
    act(() => onlineManager.setOnline(false));
    try {
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'You are offline: this change needs the connection, so nothing was sent.',
      );
      expect(reads).toHaveLength(0);
      expect(updates).toHaveLength(0);
      // The edit stays in the form, to be saved once the connection is back.
      expect(screen.getByLabelText('Name')).toHaveValue(`${group.name} West`);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });
});
