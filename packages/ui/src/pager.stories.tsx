import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pager } from './pager.js';

const meta = {
  title: 'Components/Pager',
  component: Pager,
  args: {
    offset: 25,
    pageSize: 25,
    shown: 25,
    total: 1234,
    onChange: fn(),
    'aria-label': 'User pages',
  },
} satisfies Meta<typeof Pager>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Middle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('26–50 of 1,234')).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onChange).toHaveBeenCalledWith(50);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(args.onChange).toHaveBeenCalledWith(0);
  },
};
export const FirstPage: Story = { args: { offset: 0 } };
export const LastPage: Story = { args: { offset: 1225, shown: 9 } };
export const Empty: Story = { args: { offset: 0, shown: 0, total: 0 } };
