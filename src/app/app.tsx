import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createQueryClient } from '@/api/query-client';
import { RuntimeProvider, type Runtime } from '@/api/runtime-context';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App({ runtime }: { runtime: Runtime }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter({ queryClient, runtime }));
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        <RuntimeProvider runtime={runtime}>
          <RouterProvider router={router} />
        </RuntimeProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
