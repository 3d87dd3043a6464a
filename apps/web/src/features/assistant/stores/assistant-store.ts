// Whether the assistant panel is open: shared by the top-bar button and the floating button,
// which open the same panel. Kept tiny, since the top bar is on every page, /auth included.
import { create } from 'zustand';

interface AssistantUiState {
  open: boolean;
  setOpen(open: boolean): void;
}

export const useAssistantStore = create<AssistantUiState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** The assistant's name by role (spec section 2, 'Assistant'). */
export const assistantLabel = (admin: boolean) =>
  admin ? 'God Mode AI Assistant' : 'AI Assistant';
