import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleShell } from './ConsoleShell';

describe('operator console shell', () => {
  it('says what it is', () => {
    render(<ConsoleShell />);
    expect(screen.getByRole('heading', { name: 'Hiram Operator Console' })).toBeTruthy();
    expect(screen.getByText(/nothing can be done here yet/)).toBeTruthy();
  });
});
