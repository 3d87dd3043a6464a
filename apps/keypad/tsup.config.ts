import { copyFileSync, mkdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The React component library: React is the host app's.
    entry: ['src/index.ts'],
    format: ['esm'],
    // The build script empties dist once: two builds write into it side by side.
    clean: false,
    target: 'es2022',
    external: ['react', 'react-dom'],
    onSuccess: async () => copyFileSync('src/keypad.css', 'dist/keypad.css'),
  },
  {
    // The custom element: one file for any page. It renders with Preact instead of React: the
    // same component, its hooks from Preact's, a tenth of the weight (docs/decisions/008).
    entry: { 'omega-keypad': 'src/element.tsx' },
    esbuildOptions(options) {
      options.alias = {
        react: 'preact/hooks',
        'react-dom/client': './src/preact-root.ts',
        'react/jsx-runtime': 'preact/jsx-runtime',
      };
    },
    outDir: 'dist/standalone',
    format: ['esm'],
    platform: 'browser',
    target: 'es2020',
    minify: true,
    noExternal: [/.*/],
    // The styles go into the element's shadow root: keypad.css is imported as its text, which
    // tsup minifies first (the file's comments and indents were 0.2 KB gzip of the element).
    injectStyle: (css) => `export default ${css};`,
    env: { NODE_ENV: 'production' },
    onSuccess: async () => {
      mkdirSync('dist/standalone', { recursive: true });
      copyFileSync('standalone/index.html', 'dist/standalone/index.html');
      copyFileSync('standalone/embed.html', 'dist/standalone/embed.html');
    },
  },
]);
