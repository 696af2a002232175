// Test helper: renders one console section as the console does, inside a
// fresh query client and a router at `url` (a section reads `?id=` from it).
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createConsoleQueryClient } from '../queryClient';

export function renderSection(section: ReactElement, url = '/') {
  const client = createConsoleQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{section}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
