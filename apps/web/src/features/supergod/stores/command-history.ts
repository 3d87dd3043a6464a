// The commands run in this browser session, newest first, for the terminal panel. Kept
// outside the page so leaving /supergod and coming back does not wipe it.
import { create } from 'zustand';

export const HISTORY_MAX = 20;

export interface CommandRun {
  id: number;
  command: string;
  output: string;
  /** ISO time: the server's for a run, the browser's for a refusal. */
  at: string;
  ok: boolean;
}

interface HistoryState {
  runs: CommandRun[];
  add(run: Omit<CommandRun, 'id'>): void;
  clear(): void;
}

let nextId = 1;

export const useCommandHistory = create<HistoryState>((set) => ({
  runs: [],
  add: (run) => set((s) => ({ runs: [{ ...run, id: nextId++ }, ...s.runs].slice(0, HISTORY_MAX) })),
  clear: () => set({ runs: [] }),
}));
