import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './badge.js';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'admin' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Current Plan' } };
export const Outline: Story = { args: { variant: 'outline', children: 'user' } };
export const Destructive: Story = { args: { variant: 'destructive', children: 'supergod' } };
