import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '../shared/routing/router';
import { createQueryClient } from '../shared/query/client';
import { createAppRouter } from './router';
import { markStarted } from './started';
import { removeEarlyListLater } from '../shared/ui/earlyList';
import './styles.scss';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// index.html reloads the page once when one of these files failed to download before this
// point; from here on the screens retry their own code.
markStarted();
removeEarlyListLater();

// First: the router reads the page's remote from its address (/ui/remote/{name}/…), and every
// request goes to that remote from then on.
const router = createAppRouter();
const queryClient = createQueryClient();

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
