// The 'Execute Super-God Command' dialog (spec sections 2, 4 and 5): Command and Confirmation
// Code, the required phrase shown, Cancel and Execute. The checks here only save a round trip;
// the server checks the phrase again and parses the command itself.
import { CONFIRMATION_PHRASE } from '@omega/contracts';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Input,
  Label,
  toast,
} from '@omega/ui';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { useExecuteCommand } from '../api/supergod-api.js';
import { useCommandHistory } from '../stores/command-history.js';

export function CommandDialog() {
  const execute = useExecuteCommand();
  const addRun = useCommandHistory((s) => s.add);
  const [open, setOpen] = useState(false);
  const [command, setCommand] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  function close() {
    setOpen(false);
    setCommand('');
    setConfirmation('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!command.trim()) {
      toast({
        title: 'Input Required',
        description: 'Please enter a command to execute',
        variant: 'destructive',
      });
      return;
    }
    if (confirmation !== CONFIRMATION_PHRASE) {
      toast({
        title: 'Incorrect Confirmation',
        description: 'The confirmation code is incorrect',
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      const result = await execute(command, confirmation);
      addRun({ command: result.command, output: result.output, at: result.executedAt, ok: true });
      toast({ title: 'Command Executed', description: `Successfully executed: ${result.command}` });
      close();
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : undefined;
      addRun({
        command: command.trim(),
        output: message ?? 'Failed to execute command',
        at: new Date().toISOString(),
        ok: false,
      });
      toast({
        title: 'Execution Failed',
        description: message ?? 'Failed to execute command',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <DialogTrigger asChild>
        <Button variant="destructive">Execute Super-God Command</Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="omega-stack" noValidate>
          <DialogHeader>
            <DialogTitle>Execute Super-God Command</DialogTitle>
            <DialogDescription>
              Commands change the whole system and are recorded with your name. Type{' '}
              <code className="omega-supergod__phrase">{CONFIRMATION_PHRASE}</code> as the
              confirmation code to run one.
            </DialogDescription>
          </DialogHeader>
          <div className="omega-field">
            <Label htmlFor="supergod-command">Command</Label>
            <Input
              id="supergod-command"
              value={command}
              onChange={(e) => setCommand(e.target.value)}
              placeholder="help"
              autoComplete="off"
              spellCheck={false}
              aria-describedby="supergod-command-hint"
            />
            <p id="supergod-command-hint" className="omega-muted">
              Type <code>help</code> to list every command.
            </p>
          </div>
          <div className="omega-field">
            <Label htmlFor="supergod-confirmation">Confirmation Code</Label>
            <Input
              id="supergod-confirmation"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              placeholder={CONFIRMATION_PHRASE}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" loading={busy}>
              Execute
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
