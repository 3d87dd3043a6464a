// The top bar as the viewer sees it (spec section 2, 'Shell'): history buttons and the brand,
// then the tools (who is signed in, a link to their account security, the announcements bell, text size, theme, sign-out). Where
// the tools would not fit, as on a phone, they fold behind a Menu button (a disclosure: Enter
// or Space opens it, Escape closes it and gives focus back to the button). Which width folds
// them is decided in app.css; this part only knows open or closed.
import { Badge, Button } from '@omega/ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../lib/paths.js';
import { FONT_SIZE_MAX, FONT_SIZE_MIN, useUiStore } from '../../lib/ui-store.js';

export interface TopBarViewProps {
  /** The signed-in user's name; null when nobody is signed in. */
  username: string | null;
  supergod: boolean;
  /** The announcements bell, shown to signed-in users. */
  bell?: ReactNode;
  /** Signs out; without it there is no Logout button. */
  onLogout?: () => void;
}

// Clicks inside a dialog opened from the menu (the bell's) must not close the menu under it.
const DIALOG = '[role="dialog"], [role="alertdialog"], .omega-dialog__overlay';

export function TopBarView({ username, supergod, bell, onLogout }: TopBarViewProps) {
  const navigate = useNavigate();
  const { theme, fontSize, toggleTheme, increaseFont, decreaseFont } = useUiStore();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const tools = useRef<HTMLDivElement>(null);
  const toolsId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const inMenu = (target: EventTarget | null) =>
      target instanceof Node &&
      (tools.current?.contains(target) || menuButton.current?.contains(target));
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !(inMenu(e.target) || e.target === document.body)) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    const onPointerDown = (e: PointerEvent) => {
      if (inMenu(e.target) || (e.target instanceof Element && e.target.closest(DIALOG))) return;
      setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  return (
    <header className="omega-topbar">
      <nav className="omega-topbar__nav" aria-label="History">
        <Button variant="ghost" size="icon" aria-label="Go back" onClick={() => navigate(-1)}>
          ←
        </Button>
        <Button variant="ghost" size="icon" aria-label="Go home" onClick={() => navigate('/')}>
          ⌂
        </Button>
        <Button variant="ghost" size="icon" aria-label="Go forward" onClick={() => navigate(1)}>
          →
        </Button>
      </nav>
      <span className="omega-topbar__brand">Omega</span>
      <Button
        ref={menuButton}
        variant="ghost"
        size="icon"
        className="omega-topbar__menu-button"
        aria-label="Menu"
        aria-expanded={menuOpen}
        aria-controls={toolsId}
        onClick={() => setMenuOpen(!menuOpen)}
      >
        {/* Drawn, not a character: not every system font has ☰. */}
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </Button>
      <div
        ref={tools}
        id={toolsId}
        className="omega-topbar__tools"
        data-open={menuOpen || undefined}
      >
        {(username !== null || supergod) && (
          <div className="omega-topbar__who">
            {username !== null && (
              <Link
                to={paths.accountSecurity}
                className="omega-topbar__user"
                data-testid="current-username"
                aria-label={`${username}: account security`}
                onClick={() => setMenuOpen(false)}
              >
                {username}
              </Link>
            )}
            {supergod && <Badge variant="destructive">Super-God Mode Active</Badge>}
          </div>
        )}
        {bell}
        <fieldset className="omega-topbar__font">
          <legend className="omega-visually-hidden">Text size</legend>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Decrease font size"
            disabled={fontSize <= FONT_SIZE_MIN}
            onClick={decreaseFont}
          >
            A−
          </Button>
          <span className="omega-topbar__font-size" aria-live="polite">
            {fontSize}px
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Increase font size"
            disabled={fontSize >= FONT_SIZE_MAX}
            onClick={increaseFont}
          >
            A+
          </Button>
        </fieldset>
        <Button
          variant="ghost"
          size="icon"
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={toggleTheme}
        >
          {theme === 'dark' ? '☀' : '☾'}
        </Button>
        {onLogout && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setMenuOpen(false);
              onLogout();
            }}
          >
            Logout
          </Button>
        )}
      </div>
    </header>
  );
}
