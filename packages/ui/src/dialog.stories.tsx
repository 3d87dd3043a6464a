import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './button.js';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog.js';

const meta = { title: 'Components/Dialog', component: Dialog } satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const render = (open?: boolean) => () => (
  <Dialog defaultOpen={open}>
    <DialogTrigger asChild>
      <Button>Execute Super-God Command</Button>
    </DialogTrigger>
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Feature Locked</DialogTitle>
        <DialogDescription>
          This feature requires the Pro plan. Upgrade to access.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button>Upgrade</Button>
      </DialogFooter>
    </DialogContent>
  </Dialog>
);

export const Closed: Story = { render: render(false) };
export const Open: Story = { render: render(true) };

/** The locked dialog of a feature no plan includes yet: nothing to upgrade to, only OK. */
export const NotOnAnyPlan: Story = {
  render: () => (
    <Dialog defaultOpen>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Feature Locked</DialogTitle>
          <DialogDescription>
            Dark pool is not on any plan yet, so no upgrade unlocks it for now.
          </DialogDescription>
        </DialogHeader>
        <p>An administrator can add it to a plan, or switch it on for your account.</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">OK</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
};
