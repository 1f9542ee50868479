import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InlineEdit } from './InlineEdit.tsx';
import { sanitizeInlineText } from './sanitize.ts';

const labels = {
  label: 'Device name',
  editLabel: 'Edit device name',
  emptyMessage: 'Name cannot be empty',
};

async function openEditor(onSave = vi.fn()) {
  const user = userEvent.setup();
  render(<InlineEdit value="My iPhone" onSave={onSave} {...labels} />);
  await user.click(screen.getByRole('button', { name: 'Edit device name' }));
  const input = screen.getByRole('textbox', { name: 'Device name' });
  return { user, input, onSave };
}

describe('sanitizeInlineText', () => {
  it.each([
    ['  My Mac  ', 'My Mac'],
    ['Work\nlaptop', 'Worklaptop'],
    ['\r\n  Phone \n', 'Phone'],
    ['\n \n', ''],
  ])('%j becomes %j', (raw, expected) => {
    expect(sanitizeInlineText(raw)).toBe(expected);
  });
});

describe('InlineEdit', () => {
  it('opens with the current value selected in a focused input', async () => {
    const { input } = await openEditor();
    expect(input).toHaveFocus();
    expect(input).toHaveValue('My iPhone');
  });

  it('Enter saves the trimmed text without newlines and returns focus to the edit button', async () => {
    const { user, input, onSave } = await openEditor();
    await user.clear(input);
    // A pasted value may carry newlines; set it directly as a paste would.
    fireEvent.change(input, { target: { value: '  Work\nPhone  ' } });
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('WorkPhone');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit device name' })).toHaveFocus();
  });

  it('Esc cancels without saving, even though the input then loses focus', async () => {
    const { user, input, onSave } = await openEditor();
    await user.clear(input);
    await user.type(input, 'Something else');
    await user.keyboard('{Escape}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('My iPhone')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit device name' })).toHaveFocus();
  });

  it('blur saves', async () => {
    const { user, input, onSave } = await openEditor();
    await user.clear(input);
    await user.type(input, ' Kitchen iPad ');
    await user.tab();
    expect(onSave).toHaveBeenCalledWith('Kitchen iPad');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('refuses empty text with the message, stays open, and clears the message on typing', async () => {
    const { user, input, onSave } = await openEditor();
    await user.clear(input);
    await user.type(input, '   ');
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name cannot be empty');
    await user.type(input, 'a');
    expect(screen.queryByText('Name cannot be empty')).toBeNull();
  });

  it('does not call onSave when nothing changed', async () => {
    const { user, onSave } = await openEditor();
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('stays open when an async save fails, and closes when it succeeds', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce(undefined);
    const { user, input } = await openEditor(onSave);
    await user.clear(input);
    await user.type(input, 'New name{Enter}');
    await waitFor(() => expect(input).not.toHaveAttribute('aria-busy'));
    expect(screen.getByRole('textbox')).toHaveValue('New name');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(onSave).toHaveBeenCalledTimes(2);
  });
});
