// Storybook: the catalogue of every component and state (`pnpm --filter @omega/ui storybook`).
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  // The app's own states (top bar, keypad screens) sit beside their components, in the apps.
  stories: [
    '../src/**/*.stories.tsx',
    '../../../apps/keypad/src/**/*.stories.tsx',
    '../../../apps/web/src/**/*.stories.tsx',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The apps' stories import '@omega/ui': point it at these sources, so a story and the
  // preview share one copy of the providers (toasts, tooltips, confirm) rather than two.
  viteFinal(config) {
    config.resolve ??= {};
    config.resolve.alias = {
      ...(config.resolve.alias as Record<string, string> | undefined),
      '@omega/ui/toaster': fileURLToPath(new URL('../src/toaster.tsx', import.meta.url)),
      '@omega/ui': fileURLToPath(new URL('../src/index.ts', import.meta.url)),
    };
    return config;
  },
};

export default config;
