import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { Button } from './button.js';
import { type ToastOptions, toast } from './toast.js';

function ToastDemo({
  showOnMount,
  title,
  description,
  variant,
}: ToastOptions & { showOnMount?: boolean }) {
  useEffect(() => {
    if (showOnMount) toast({ title, description, variant });
  }, [showOnMount, title, description, variant]);
  return <Button onClick={() => toast({ title, description, variant })}>Show toast</Button>;
}

const meta = {
  title: 'Components/Toast',
  component: ToastDemo,
  args: { title: 'Logged in successfully', description: 'Welcome alice!', showOnMount: true },
} satisfies Meta<typeof ToastDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Destructive: Story = {
  args: { title: 'Error', description: 'Invalid username or password', variant: 'destructive' },
};
export const TitleOnly: Story = {
  args: { title: 'Logged out successfully', description: undefined },
};
