import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../Button/Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Dialog, DialogClose } from './Dialog.tsx';

function Example({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  return (
    <>
      <button type="button">Before</button>
      <Dialog
        trigger={<Button>Open</Button>}
        title="Payment"
        description="Did you pay?"
        closeLabel="Close"
        onOpenChange={onOpenChange}
        footer={
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        }
      >
        <input aria-label="Note" />
      </Dialog>
    </>
  );
}

/** A dialog the app opens itself (no trigger), like the payment result after a checkout tab. */
function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Pay</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Payment" closeLabel="Close">
        <Button>Yes</Button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('without a trigger, gives focus back to what had it when it opened (not <body>)', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toHaveFocus());
  });

  it('opens from its trigger as a labelled, described modal dialog', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Payment' });
    expect(dialog).toHaveAccessibleDescription('Did you pay?');
  });

  it('traps focus inside while open', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Esc and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Example onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(trigger).toHaveFocus();
  });

  it('closes from the × button and from a DialogClose in the footer', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  const props = {
    title: 'Delete account?',
    confirmLabel: 'Delete',
    cancelLabel: 'Cancel',
    tone: 'danger' as const,
  };

  it('is an alertdialog that starts on Cancel, so Enter does not confirm by accident', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmDialog {...props} defaultOpen onConfirm={onConfirm} />);
    expect(screen.getByRole('alertdialog', { name: 'Delete account?' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('is busy while confirming and closes when onConfirm resolves', async () => {
    const user = userEvent.setup();
    let resolve: () => void = () => undefined;
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        {...props}
        defaultOpen
        onOpenChange={onOpenChange}
        onConfirm={() =>
          new Promise<void>((r) => {
            resolve = r;
          })
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    resolve();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('stays open when onConfirm rejects', async () => {
    const user = userEvent.setup();
    render(
      <ConfirmDialog
        {...props}
        defaultOpen
        onConfirm={() => Promise.reject(new Error('network'))}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete' })).not.toHaveAttribute('aria-busy'),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
