import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useLocale } from '@hiram/shared/i18n/i18n';
import { LoadingHost } from '@hiram/shared/ui/Loading';
import { ToastHost } from '@hiram/shared/ui/Toast';
import { SessionEndedGate } from '../features/login/SessionEnded';
import { AppRoutes } from './AppRoutes';
import { queryClient } from './queryClient';

export function App() {
  const locale = useLocale();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter key={locale}>
        <SessionEndedGate>
          <AppRoutes />
        </SessionEndedGate>
      </BrowserRouter>
      <LoadingHost />
      <ToastHost />
    </QueryClientProvider>
  );
}
