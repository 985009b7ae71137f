import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
import './app/global.css';
// The language before the first render: <html lang dir> and every t() (issue 33).
import './lib/i18n';
import { Providers } from './app/providers';
import { router } from './app/router';
import { prefetchColdLoad } from './app/route-prefetch';
import { queryClient } from './lib/query-client';

// Before the first render: the account, the institution and the addressed screen's code and list all start now.
prefetchColdLoad(queryClient, window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
