// Behaviour of the components that users rely on.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../src/button.js';
import { SectionCard } from '../src/card.js';
import { ConfirmProvider, useConfirm } from '../src/confirm.js';
import { Dialog, DialogContent, DialogTitle } from '../src/dialog.js';
import { Input } from '../src/input.js';
import { Label } from '../src/label.js';
import { Select } from '../src/select.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../src/tabs.js';
import { TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, toast, useToasts } from '../src/toast.js';
import { Toaster } from '../src/toaster.js';
import { TOOLTIP_DELAY, TOOLTIP_SKIP_DELAY, Tooltip, TooltipProvider } from '../src/tooltip.js';

describe('Input', () => {
  it('shows and hides a password with its toggle', async () => {
    const user = userEvent.setup();
    render(<Input type="password" aria-label="Password" defaultValue="secret1" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    // The name says what a press does; a pressed state as well would contradict it (WAI-ARIA
    // button pattern: a toggle whose label changes must not also be aria-pressed).
    expect(hide.hasAttribute('aria-pressed')).toBe(false);
    await user.click(hide);
    expect(input.getAttribute('type')).toBe('password');
  });

  it('names its toggle for what the field holds', async () => {
    const user = userEvent.setup();
    render(<Input type="password" aria-label="Key" shows="administrator secret key" />);
    await user.click(screen.getByRole('button', { name: 'Show administrator secret key' }));
    expect(screen.getByLabelText('Key').getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide administrator secret key' })).toBeDefined();
  });
});

describe('Label', () => {
  it('names its control, and a double click on its text selects nothing', () => {
    render(
      <>
        <Label htmlFor="name">Name</Label>
        <input id="name" />
      </>,
    );
    expect(screen.getByLabelText('Name').id).toBe('name');
    const label = screen.getByText('Name');
    // fireEvent answers false when the event's default action was prevented.
    expect(fireEvent.mouseDown(label, { detail: 1 })).toBe(true);
    expect(fireEvent.mouseDown(label, { detail: 2 })).toBe(false);
  });
});

describe('SectionCard', () => {
  it('is a region named by its level-2 heading', () => {
    render(
      <SectionCard id="s-sessions" title="Sessions">
        <p>content</p>
      </SectionCard>,
    );
    const region = screen.getByRole('region', { name: 'Sessions' });
    expect(region.querySelector('h2')?.textContent).toBe('Sessions');
    expect(region.textContent).toContain('content');
  });
});

describe('Button', () => {
  it('blocks clicks and says it is busy while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.setup().click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps the focus while loading, and submits no form until it is done', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit">Save</Button>
      </form>,
    );
    const u = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    button.focus();
    rerender(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit" loading>
          Save
        </Button>
      </form>,
    );
    // A disabled button would lose the focus to the body (as browsers do): this one keeps it.
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    await u.click(button);
    await u.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit">Save</Button>
      </form>,
    );
    await u.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the current', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', variant: 'destructive' });
    });
    expect(await screen.findByText('Second')).toBeDefined();
    expect(screen.queryByText('First')).toBeNull();
  });

  it('uses the spec timings', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOOLTIP_DELAY).toBe(700);
    expect(TOOLTIP_SKIP_DELAY).toBe(300);
  });

  it('keeps a dismissed toast in the store until the removal delay', async () => {
    vi.useFakeTimers();
    try {
      let items: ReturnType<typeof useToasts> = [];
      const probe = (next: typeof items) => {
        items = next;
      };
      render(
        <>
          <Toaster />
          <ToastProbe onChange={probe} />
        </>,
      );
      act(() => {
        toast({ title: 'Bye', duration: 10 });
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
      expect(items.map((t) => [t.title, t.open])).toEqual([['Bye', false]]);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(TOAST_REMOVE_DELAY);
      });
      expect(items).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

function ToastProbe({ onChange }: { onChange(items: ReturnType<typeof useToasts>): void }) {
  onChange(useToasts());
  return null;
}

function Asker({ onAnswer }: { onAnswer(ok: boolean): void }) {
  const confirm = useConfirm();
  return (
    <Button onClick={async () => onAnswer(await confirm({ title: 'Clear all logs?' }))}>Ask</Button>
  );
}

describe('useConfirm', () => {
  it.each([
    ['Confirm', true],
    ['Cancel', false],
  ])('resolves %s as %s', async (label, expected) => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(
      <ConfirmProvider>
        <Asker onAnswer={onAnswer} />
      </ConfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('alertdialog', { name: 'Clear all logs?' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: label }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(expected));
  });
});

function OpensDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Choose Pro</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Change plan</DialogTitle>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('dialogs opened without a trigger of their own', () => {
  // A page opens most dialogs from its own button (state, or the confirm helper), not from a
  // Radix trigger, and Radix then returned focus to nothing: a keyboard user started again at
  // the top of the page.
  it.each([
    ['Escape', '{Escape}'],
    ['its Cancel button', null],
  ])('gives focus back to the button that opened it when closed with %s', async (_how, key) => {
    const user = userEvent.setup();
    render(<OpensDialog />);
    const opener = screen.getByRole('button', { name: 'Choose Pro' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    if (key) await user.keyboard(key);
    else await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back from the confirm helper, answered or not', async () => {
    const user = userEvent.setup();
    render(
      <ConfirmProvider>
        <Asker onAnswer={() => {}} />
      </ConfirmProvider>,
    );
    const ask = screen.getByRole('button', { name: 'Ask' });
    for (const close of ['{Escape}', 'Cancel', 'Confirm']) {
      ask.focus();
      await user.keyboard('{Enter}');
      await screen.findByRole('alertdialog', { name: 'Clear all logs?' });
      if (close.startsWith('{')) await user.keyboard(close);
      else await user.click(screen.getByRole('button', { name: close }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(document.activeElement, close).toBe(ask);
    }
  });
});

describe('Select', () => {
  it('reports the chosen option', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <Select
        aria-label="Theme"
        value="dark"
        onValueChange={onValueChange}
        options={[
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
        ]}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Theme' }));
    await user.click(await screen.findByRole('option', { name: 'Light' }));
    expect(onValueChange).toHaveBeenCalledWith('light');
  });
});

/** Three tabs holding their own value, after a button to start tabbing from. */
function ThreeTabs(props: { onValueChange?(value: string): void }) {
  return (
    <>
      <button type="button">before</button>
      <Tabs defaultValue="b" onValueChange={props.onValueChange}>
        <TabsList aria-label="Letters">
          <TabsTrigger value="a">Alpha</TabsTrigger>
          <TabsTrigger value="b">Bravo</TabsTrigger>
          <TabsTrigger value="c">Charlie</TabsTrigger>
        </TabsList>
        {['a', 'b', 'c'].map((v) => (
          <TabsContent key={v} value={v}>
            <input aria-label={`Field ${v}`} />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

/** Tabs whose value the parent holds, and a button of the parent's that changes it. */
function ControlledTabs() {
  const [value, setValue] = useState('a');
  return (
    <>
      <button type="button" onClick={() => setValue('b')}>
        Show the second
      </button>
      <Tabs value={value} onValueChange={setValue}>
        <TabsList aria-label="Two">
          <TabsTrigger value="a">First</TabsTrigger>
          <TabsTrigger value="b">Second</TabsTrigger>
        </TabsList>
        <TabsContent value="a">one</TabsContent>
        <TabsContent value="b">two</TabsContent>
      </Tabs>
    </>
  );
}

describe('Tabs', () => {
  const selected = () =>
    screen
      .getAllByRole('tab')
      .filter((t) => t.getAttribute('aria-selected') === 'true')
      .map((t) => t.textContent);

  it('has the tabs roles, each tab naming and controlling its panel', () => {
    render(<ThreeTabs />);
    const list = screen.getByRole('tablist', { name: 'Letters' });
    expect(list.getAttribute('aria-orientation')).toBe('horizontal');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['Alpha', 'false'],
      ['Bravo', 'true'],
      ['Charlie', 'false'],
    ]);
    // Only the selected panel is shown, and only its content is mounted.
    const panel = screen.getByRole('tabpanel', { name: 'Bravo' });
    expect(tabs[1]?.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getAllByRole('tabpanel')).toEqual([panel]);
    expect(screen.queryByLabelText('Field a')).toBeNull();
    expect(screen.getByLabelText('Field b')).toBeDefined();
    const hidden = document.getElementById(tabs[0]?.getAttribute('aria-controls') ?? '');
    expect(hidden?.getAttribute('role')).toBe('tabpanel');
    expect(hidden?.hidden).toBe(true);
  });

  it('is one tab stop: Tab reaches the selected tab, then its panel', async () => {
    const user = userEvent.setup();
    render(<ThreeTabs />);
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Bravo' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: 'Bravo' }));
  });

  it('moves the focus and the selection with the arrow keys (wrapping), Home and End', async () => {
    const onValueChange = vi.fn();
    const user = userEvent.setup();
    render(<ThreeTabs onValueChange={onValueChange} />);
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    const focused = () => document.activeElement?.textContent;
    await user.keyboard('{ArrowRight}');
    expect([focused(), selected()]).toEqual(['Charlie', ['Charlie']]);
    await user.keyboard('{ArrowRight}');
    expect([focused(), selected()]).toEqual(['Alpha', ['Alpha']]);
    await user.keyboard('{ArrowLeft}');
    expect([focused(), selected()]).toEqual(['Charlie', ['Charlie']]);
    await user.keyboard('{Home}');
    expect([focused(), selected()]).toEqual(['Alpha', ['Alpha']]);
    await user.keyboard('{End}');
    expect([focused(), selected()]).toEqual(['Charlie', ['Charlie']]);
    // Up and Down are not this horizontal list's keys.
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('Charlie');
    expect(onValueChange.mock.calls).toEqual([['c'], ['a'], ['c'], ['a'], ['c']]);
    expect(screen.getByRole('tabpanel', { name: 'Charlie' })).toBeDefined();
  });

  it('selects a clicked tab, and follows the value its parent holds', async () => {
    const user = userEvent.setup();
    render(<ControlledTabs />);
    await user.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('tabpanel', { name: 'Second' }).textContent).toBe('two');
    await user.click(screen.getByRole('tab', { name: 'First' }));
    expect(screen.getByRole('tabpanel', { name: 'First' }).textContent).toBe('one');
    await user.click(screen.getByRole('button', { name: 'Show the second' }));
    expect(selected()).toEqual(['Second']);
    expect(screen.getByRole('tab', { name: 'Second' }).tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'First' }).tabIndex).toBe(-1);
  });
});

describe('Tooltip', () => {
  it('opens 700 ms after hover, describes its trigger, and closes on Escape', async () => {
    vi.useFakeTimers();
    try {
      render(
        <TooltipProvider>
          <Tooltip content="Toggle administrator privileges">
            <button type="button">Enter God Mode</button>
          </Tooltip>
        </TooltipProvider>,
      );
      const trigger = screen.getByRole('button', { name: 'Enter God Mode' });
      fireEvent.mouseEnter(trigger);
      act(() => vi.advanceTimersByTime(TOOLTIP_DELAY - 1));
      expect(screen.queryByRole('tooltip')).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      const tip = screen.getByRole('tooltip');
      expect(tip.textContent).toBe('Toggle administrator privileges');
      expect(trigger.getAttribute('aria-describedby')).toBe(tip.id);
      fireEvent.keyDown(trigger, { key: 'Escape' });
      expect(screen.queryByRole('tooltip')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens at once when moving to the next trigger within 300 ms', () => {
    vi.useFakeTimers();
    try {
      render(
        <TooltipProvider>
          <Tooltip content="First hint">
            <button type="button">One</button>
          </Tooltip>
          <Tooltip content="Second hint">
            <button type="button">Two</button>
          </Tooltip>
        </TooltipProvider>,
      );
      fireEvent.focus(screen.getByRole('button', { name: 'One' }));
      act(() => vi.advanceTimersByTime(TOOLTIP_DELAY));
      fireEvent.blur(screen.getByRole('button', { name: 'One' }));
      fireEvent.focus(screen.getByRole('button', { name: 'Two' }));
      expect(screen.getByRole('tooltip').textContent).toBe('Second hint');
    } finally {
      vi.useRealTimers();
    }
  });
});
