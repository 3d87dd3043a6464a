import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './button.js';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Send' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Destructive: Story = { args: { variant: 'destructive', children: 'Clear Logs' } };
export const Outline: Story = { args: { variant: 'outline', children: 'Cancel' } };
export const Secondary: Story = { args: { variant: 'secondary' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Link: Story = { args: { variant: 'link', children: 'Back to login' } };
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };
export const Icon: Story = { args: { size: 'icon', children: '☾', 'aria-label': 'Switch theme' } };
export const Disabled: Story = { args: { disabled: true } };
export const Loading: Story = { args: { loading: true, children: 'Saving' } };
export const AsLink: Story = {
  args: { asChild: true, children: <a href="#plans">Choose a Plan</a> },
};
