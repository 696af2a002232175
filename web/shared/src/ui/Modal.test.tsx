import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './Modal';
import { getToast, hideToast, showToast } from './toastStore';

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

  describe('and the toast', () => {
    afterEach(() => hideToast());

    function Outcome({ outcome }: { outcome: boolean }) {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Send
          </button>
          <Modal open={open} title="Sent" onClose={() => setOpen(false)} outcome={outcome}>
            <p>We received it.</p>
          </Modal>
        </>
      );
    }

    it('an outcome dialog hides the toast of an earlier try as it opens', () => {
      render(<Outcome outcome />);
      showToast('Network error. Please try again.');
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(screen.getByRole('dialog', { name: 'Sent' })).toBeTruthy();
      expect(getToast()).toBeNull();
      // A toast shown while it is open (a choice to make) is its own, and stays.
      showToast('Please choose a rating.');
      expect(getToast()?.message).toBe('Please choose a rating.');
    });

    it('any other dialog (a picker) leaves the toast: it may say why it is open', () => {
      render(<Outcome outcome={false} />);
      showToast('The service is busy. Please try again.');
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(getToast()?.message).toBe('The service is busy. Please try again.');
    });
  });
});
