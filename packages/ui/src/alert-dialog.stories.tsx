import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog.js';
import { Button } from './button.js';
import { useConfirm } from './confirm.js';

const meta = { title: 'Components/AlertDialog', component: AlertDialog } satisfies Meta<
  typeof AlertDialog
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  render: () => (
    <AlertDialog defaultOpen>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure you want to clear all logs?</AlertDialogTitle>
          <AlertDialogDescription>
            Every entry in the system log is deleted, and this cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction>Clear Logs</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  ),
};

function ConfirmDemo({ destructive }: { destructive?: boolean }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState<string>('not asked yet');
  return (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
      <Button
        variant={destructive ? 'destructive' : 'default'}
        onClick={async () => {
          const ok = await confirm({
            title: 'Are you sure you want to clear all logs?',
            description: 'Every entry in the system log is deleted, and this cannot be undone.',
            confirmLabel: 'Clear Logs',
            destructive,
          });
          setAnswer(ok ? 'confirmed' : 'cancelled');
        }}
      >
        Clear Logs
      </Button>
      <output>{answer}</output>
    </div>
  );
}

export const UseConfirm: Story = { render: () => <ConfirmDemo /> };
export const UseConfirmDestructive: Story = { render: () => <ConfirmDemo destructive /> };
