import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './button.js';
import { Tooltip } from './tooltip.js';

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  args: { content: 'Toggle administrator privileges', children: <Button>Enter God Mode</Button> },
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Top: Story = {};
export const Bottom: Story = { args: { side: 'bottom' } };
export const Left: Story = { args: { side: 'left' } };
