import type { Meta, StoryObj } from '@storybook/react-vite';
import { Label } from './label.js';
import { Textarea } from './textarea.js';

const meta = {
  title: 'Components/Textarea',
  component: Textarea,
  render: (args) => (
    <div style={{ display: 'grid', gap: '0.375rem', maxWidth: '28rem' }}>
      <Label htmlFor="story-textarea">Content</Label>
      <Textarea id="story-textarea" {...args} />
    </div>
  ),
} satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { placeholder: 'What should everyone know?' } };
export const Filled: Story = {
  args: { defaultValue: 'Maintenance on Sunday from 02:00 to 03:00 UTC.\nSave your work.' },
};
export const Invalid: Story = { args: { 'aria-invalid': true, defaultValue: '' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'read only' } };
