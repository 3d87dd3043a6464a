// /mock-settings: the 'Enable Feature X' toggle (a placeholder, as the spec says) and a
// Light/Dark select that really switches the theme.
import { Label, Select, Switch } from '@omega/ui';
import { useState } from 'react';
import { type Theme, useUiStore } from '../../../lib/ui-store.js';

export function MockSettingsPage() {
  const [featureX, setFeatureX] = useState(false);
  const theme = useUiStore((s) => s.theme);
  const setTheme = useUiStore((s) => s.setTheme);
  return (
    <main className="omega-page">
      <h1>Mock Settings</h1>
      <div className="omega-setting">
        <Switch id="feature-x" checked={featureX} onCheckedChange={setFeatureX} />
        <Label htmlFor="feature-x">Enable Feature X</Label>
      </div>
      <div className="omega-setting">
        <Label htmlFor="theme-select">Theme</Label>
        <Select
          id="theme-select"
          aria-label="Theme"
          value={theme}
          onValueChange={(v) => setTheme(v as Theme)}
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
        />
      </div>
    </main>
  );
}
