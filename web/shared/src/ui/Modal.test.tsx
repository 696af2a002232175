import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Enlarge
      </button>
      <Modal
        open={open}
        title="Picture"
        onClose={() => setOpen(false)}
        actions={
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <a href="#more">More</a>
      </Modal>
    </>
  );
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

describe('Modal', () => {
  it('takes focus when it opens and keeps Tab and Shift+Tab inside', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Enlarge' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Picture' });
    expect(document.activeElement).toBe(dialog);

    // Close (×), the link, Done, then round to Close again.
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    screen.getByRole('button', { name: 'Done' }).focus();
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));

    // Focus that escaped (a click outside) is brought back in.
    opener.focus();
    tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('gives focus back to the opener when it closes, by Escape or by a button', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Enlarge' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('is not closed by Escape when the choice must be made with its buttons', () => {
    render(
      <Modal open title="Choose" onClose={() => undefined} dismissible={false}>
        <p>Body</p>
      </Modal>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Choose' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
