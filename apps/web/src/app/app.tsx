// The web app: browser history, the providers, and the routes.
import { BrowserRouter } from 'react-router';
import { RootLayout } from './root-layout.js';
import { AppRoutes } from './router.js';

export function App() {
  return (
    <BrowserRouter>
      <RootLayout>
        <AppRoutes />
      </RootLayout>
    </BrowserRouter>
  );
}
