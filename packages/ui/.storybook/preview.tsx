// Every story renders inside the providers the app uses, with a toolbar switch for the
// dark (default) and light themes.
import type { Decorator, Preview } from '@storybook/react-vite';
import { ConfirmProvider } from '../src/confirm.js';
import { Toaster } from '../src/toaster.js';
import { TooltipProvider } from '../src/tooltip.js';
import '../src/styles.css';

const withProviders: Decorator = (Story, context) => {
  document.documentElement.dataset.theme = context.globals.theme === 'light' ? 'light' : 'dark';
  return (
    <TooltipProvider>
      <ConfirmProvider>
        <div style={{ padding: '1rem', background: 'var(--omega-bg)', color: 'var(--omega-fg)' }}>
          <Story />
        </div>
        <Toaster />
      </ConfirmProvider>
    </TooltipProvider>
  );
};

const preview: Preview = {
  decorators: [withProviders],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'dark', title: 'Dark' },
          { value: 'light', title: 'Light' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'dark' },
};

export default preview;
