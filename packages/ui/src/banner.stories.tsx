import type { Meta, StoryObj } from '@storybook/react-vite';
import { Banner } from './banner.js';

const meta = { title: 'Components/Banner', component: Banner } satisfies Meta<typeof Banner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Destructive: Story = {
  args: { variant: 'destructive', children: 'Super-God Mode Active' },
};
export const Info: Story = { args: { variant: 'info', children: 'Maintenance mode is on' } };
