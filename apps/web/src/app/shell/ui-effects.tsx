// Applies the persisted theme and font size to the document: the root font size drives
// every rem in the design tokens.
import { useEffect } from 'react';
import { useUiStore } from '../../lib/ui-store.js';

export function UiEffects() {
  const theme = useUiStore((s) => s.theme);
  const fontSize = useUiStore((s) => s.fontSize);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  useEffect(() => {
    document.documentElement.style.fontSize = `${fontSize}px`;
  }, [fontSize]);
  return null;
}
