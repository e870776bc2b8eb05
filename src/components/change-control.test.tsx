// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { watchConnection } from '@/api/connection';
import { TestProviders } from '@/test/test-providers';
import { ChangeButton } from './change-control';
import { EditFormFooter } from './form-save-status';
import { ListExportButton } from './list/list-export-button';
import { NeedsConnectionButton } from './needs-connection';

function goOffline() {
  act(() => onlineManager.setOnline(false));
}

describe('controls that change something, offline', () => {
  beforeAll(() => watchConnection({ demo: false }));
  afterEach(() => act(() => onlineManager.setOnline(true)));

  it('a save button stays focusable, says why, and neither clicks nor submits', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={submitted} aria-label="Vehicle">
        <input aria-label="Name" />
        <EditFormFooter
          edit={{ statusRef: null, savedNote: null, saving: false, error: null, discard: vi.fn() }}
          unsavedText="Unsaved changes."
        />
      </form>,
      { wrapper: TestProviders },
    );
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).not.toHaveAttribute('aria-disabled');

    goOffline();
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAccessibleDescription('You are offline: changes need the connection.');
    await user.click(save);
    // Enter in a field submits through the default button: refused too.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Truck 7{Enter}');
    expect(submitted).not.toHaveBeenCalled();

    act(() => onlineManager.setOnline(true));
    expect(save).not.toHaveAttribute('aria-disabled');
    expect(save).not.toHaveAccessibleDescription();
    await user.click(save);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('a delete button does nothing offline', async () => {
    const user = userEvent.setup();
    const remove = vi.fn();
    render(
      <ChangeButton color="red" onClick={remove}>
        Delete
      </ChangeButton>,
      { wrapper: TestProviders },
    );
    goOffline();
    const button = screen.getByRole('button', { name: 'Delete' });
    // Keyboard users reach it, and the reason shows on focus.
    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You are offline: changes need the connection.',
    );
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(remove).not.toHaveBeenCalled();
  });

  it('the export button says it needs the connection and opens no menu', async () => {
    const user = userEvent.setup();
    const fetchPage = vi.fn();
    render(
      <ListExportButton<{ id: string }>
        what="vehicles"
        label="Vehicles"
        fetchPage={fetchPage}
        columns={[{ title: 'ID', value: (row) => row.id }]}
        filtered={false}
      />,
      { wrapper: TestProviders },
    );
    goOffline();
    const exportButton = screen.getByRole('button', { name: 'Export' });
    expect(exportButton).toHaveAttribute('aria-disabled', 'true');
    expect(exportButton).toHaveAccessibleDescription(/needs the connection/);
    await user.click(exportButton);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('a download needs the connection, unless what it saves is already in memory', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    render(
      <>
        <NeedsConnectionButton onClick={save}>Download DCE</NeedsConnectionButton>
        <NeedsConnectionButton onClick={save} availableOffline>
          Download MP4
        </NeedsConnectionButton>
      </>,
      { wrapper: TestProviders },
    );
    goOffline();
    const dce = screen.getByRole('button', { name: 'Download DCE' });
    expect(dce).toHaveAttribute('aria-disabled', 'true');
    expect(dce).toHaveAccessibleDescription(/needs the connection/);
    await user.click(dce);
    expect(save).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Download MP4' }));
    expect(save).toHaveBeenCalledTimes(1);
  });
});
