import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './ContactForm';

afterEach(() => vi.unstubAllGlobals());

describe('contact form', () => {
  it('asks for complete information when a field is empty', () => {
    render(<ContactForm />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Please provide complete information!');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Ana');
  });

  it('says Successful! and makes no call when complete', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<ContactForm />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Telephone' }), { target: { value: '09171234567' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'ana@example.ph' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Remark' }), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('status').textContent).toBe('Successful!');
    for (const name of ['Name', 'Telephone', 'E-mail', 'Remark']) {
      expect((screen.getByRole('textbox', { name }) as HTMLInputElement).value, name).toBe('');
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
