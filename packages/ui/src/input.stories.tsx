import type { Meta, StoryObj } from '@storybook/react-vite';
import { Input } from './input.js';
import { Label } from './label.js';

const meta = {
  title: 'Components/Input',
  component: Input,
  render: (args) => (
    <div style={{ display: 'grid', gap: '0.375rem', maxWidth: '20rem' }}>
      <Label htmlFor="story-input">Username</Label>
      <Input id="story-input" {...args} />
    </div>
  ),
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = { args: { placeholder: 'alice' } };
export const Password: Story = { args: { type: 'password', defaultValue: 'secret1' } };
export const Invalid: Story = { args: { 'aria-invalid': true, defaultValue: 'al' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'read only' } };
export const DisabledPassword: Story = {
  args: { type: 'password', disabled: true, defaultValue: 'x' },
};
