import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Checkbox } from './checkbox.js';
import { Label } from './label.js';
import { Select } from './select.js';
import { Switch } from './switch.js';

const meta = { title: 'Components/Form controls', component: Switch } satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SwitchOff: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
      <Switch id="sw-off" />
      <Label htmlFor="sw-off">Enable Feature X</Label>
    </div>
  ),
};
export const SwitchOn: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
      <Switch id="sw-on" defaultChecked />
      <Label htmlFor="sw-on">Enable Feature X</Label>
    </div>
  ),
};
export const SwitchDisabled: Story = {
  render: () => <Switch aria-label="Locked feature" disabled />,
};
export const CheckboxStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '1.5rem' }}>
      <Checkbox aria-label="Select alice" />
      <Checkbox aria-label="Select bob" defaultChecked />
      <Checkbox aria-label="Select carol" disabled />
    </div>
  ),
};

function ThemeSelect() {
  const [value, setValue] = useState('dark');
  return (
    <div style={{ display: 'grid', gap: '0.375rem', maxWidth: '12rem' }}>
      <Label htmlFor="theme">Theme</Label>
      <Select
        id="theme"
        aria-label="Theme"
        value={value}
        onValueChange={setValue}
        options={[
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
        ]}
      />
    </div>
  );
}
export const SelectWithValue: Story = { render: () => <ThemeSelect /> };
export const SelectPlaceholder: Story = {
  render: () => (
    <Select
      aria-label="Plan"
      placeholder="Choose a plan"
      options={[
        { value: 'free', label: 'Free' },
        { value: 'pro', label: 'Pro' },
      ]}
    />
  ),
};
