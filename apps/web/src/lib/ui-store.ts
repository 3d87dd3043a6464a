// UI state that is not server data: theme, font size, and the god-mode flag. Theme and font
// size survive a reload; god mode starts off each visit (spec section 4).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Theme = 'dark' | 'light';

export const FONT_SIZE_MIN = 12;
export const FONT_SIZE_MAX = 24;
export const FONT_SIZE_DEFAULT = 16;

interface UiState {
  theme: Theme;
  fontSize: number;
  godMode: boolean;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
  increaseFont(): void;
  decreaseFont(): void;
  toggleGodMode(): void;
  setGodMode(on: boolean): void;
}

const clampFont = (n: number) => Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, Math.round(n)));

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      theme: 'dark',
      fontSize: FONT_SIZE_DEFAULT,
      godMode: false,
      setTheme: (theme) => set({ theme }),
      toggleTheme: () => set((s) => ({ theme: s.theme === 'dark' ? 'light' : 'dark' })),
      increaseFont: () => set((s) => ({ fontSize: clampFont(s.fontSize + 1) })),
      decreaseFont: () => set((s) => ({ fontSize: clampFont(s.fontSize - 1) })),
      toggleGodMode: () => set((s) => ({ godMode: !s.godMode })),
      setGodMode: (godMode) => set({ godMode }),
    }),
    {
      name: 'omega.ui',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ theme: s.theme, fontSize: s.fontSize }),
      // A hand-edited or stale value must not break the page.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<UiState>;
        return {
          ...current,
          theme: p.theme === 'light' ? 'light' : 'dark',
          fontSize: typeof p.fontSize === 'number' ? clampFont(p.fontSize) : current.fontSize,
        };
      },
    },
  ),
);
