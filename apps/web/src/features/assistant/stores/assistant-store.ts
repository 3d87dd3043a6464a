// Whether the assistant panel is open; set by the floating button (docs/decisions/017). Kept
// apart from the panel, which loads only when first opened.
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
