// The assistant panel (spec sections 2 'Assistant', 5, 7 and 8): a question box with Ask
// (disabled while blank; Enter asks), the answer with working links, live figures for admins,
// follow-up suggestions that ask when clicked, action buttons, and a yes/no rating. Escape closes.
// It is a dialog labelled by its title, floating over the page: not a second banner or region.
import type { AssistantAction, AssistantResponse } from '@omega/contracts';
import { atLeast, type Role } from '@omega/domain';
import { Button, Input, Label, Spinner, toast } from '@omega/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/error-message.js';
import { paths } from '../../../lib/paths.js';
import { useSession } from '../../../lib/session.js';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.js';
import { askAssistant, callAction, sendFeedback } from '../api/assistant-api.js';
import { AnswerText } from './answer-text.js';

const QUERY_MAX = 500;

export interface AssistantPanelProps {
  userId: number;
  admin: boolean;
  label: string;
  onClose(): void;
}

interface Exchange {
  question: string;
  response: AssistantResponse;
  rated: boolean;
}

/** The lowest role the router lets open a page (spec section 6). */
function pageRole(path: string): Role {
  const under = (root: string) => path === root || path.startsWith(`${root}/`);
  if (under(paths.supergod)) return 'supergod';
  if (under(paths.admin)) return 'admin';
  return 'user';
}

/**
 * Whether to offer an action's button. The server offers an article's button only to the roles
 * it names; a page the viewer would be turned away from is left out here as well.
 */
const mayOffer = (action: AssistantAction, role: Role | null) =>
  action.type !== 'navigate' || (role !== null && atLeast(role, pageRole(action.endpoint)));

export function AssistantPanel({ userId, admin, label, onClose }: AssistantPanelProps) {
  const navigate = useNavigate();
  const { role } = useSession();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [exchange, setExchange] = useState<Exchange | null>(null);
  /** One rating per answer, however often Yes or No is clicked while it is on its way. */
  const rating = useOneAtATime();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  async function ask(text: string) {
    const question = text.trim();
    if (!question || busy) return;
    setBusy(true);
    try {
      const response = await askAssistant(question, userId);
      setExchange({ question, response, rated: false });
      setQuery('');
    } catch (err) {
      toast({
        title: 'Failed to process query',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      inputRef.current?.focus();
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void ask(query);
  }

  function rate(helpful: boolean) {
    if (!exchange || exchange.rated) return;
    return rating.run(async () => {
      try {
        await sendFeedback({
          responseId: exchange.response.responseId,
          userId,
          rating: helpful ? 5 : 1,
          helpful,
          query: exchange.question,
        });
        setExchange({ ...exchange, rated: true });
        toast({ title: 'Thank you for your feedback!' });
      } catch (err) {
        toast({
          title: 'Failed to submit feedback',
          description: errorMessage(err),
          variant: 'destructive',
        });
      }
    });
  }

  // A rating button that was pressed and is now disabled (busy, or the answer rated) no longer
  // holds the focus: once that is painted, the question field takes it, so the keyboard stays
  // in the panel and Escape still closes it.
  const rated = exchange?.rated;
  useEffect(() => {
    if (rating.busy && !rated) return;
    const focused = document.activeElement;
    const inside = focused instanceof HTMLElement && focused.closest('.omega-assistant__panel');
    if (!inside || (focused instanceof HTMLButtonElement && focused.disabled)) {
      inputRef.current?.focus();
    }
  }, [rating.busy, rated]);

  async function act(action: AssistantAction) {
    if (action.type === 'navigate') {
      navigate(action.endpoint);
      return;
    }
    try {
      await callAction(action.endpoint);
      toast({ title: action.label, description: 'Done.' });
    } catch (err) {
      toast({ title: action.label, description: errorMessage(err), variant: 'destructive' });
    }
  }

  const response = exchange?.response;
  const actions = response?.actions.filter((a) => mayOffer(a, role)) ?? [];
  return (
    <section
      id="omega-assistant-panel"
      className="omega-assistant__panel"
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="omega-assistant__header">
        <div>
          <h2 id={titleId} className="omega-assistant__title">
            {label}
          </h2>
          <p className="omega-assistant__subtitle">
            {admin ? 'System architecture and technical insight' : 'Help using the application'}
          </p>
        </div>
        <Button variant="ghost" size="icon" aria-label={`Close the ${label}`} onClick={onClose}>
          ×
        </Button>
      </div>

      <div className="omega-assistant__body" aria-live="polite" aria-busy={busy}>
        {busy && <Spinner aria-label="Finding an answer" />}
        {!busy && !exchange && (
          <p className="omega-assistant__hint">
            Ask how to do something in Omega, for example “How do I cancel my subscription?”
          </p>
        )}
        {!busy && exchange && response && (
          <>
            <p className="omega-assistant__question">
              <span className="omega-visually-hidden">You asked: </span>
              {exchange.question}
            </p>
            {response.metrics && (
              <dl className="omega-assistant__metrics" aria-label="Live system figures">
                <div>
                  <dt>Error rate</dt>
                  <dd>{response.metrics.errorRate} / min (last hour)</dd>
                </div>
                <div>
                  <dt>Active users</dt>
                  <dd>{response.metrics.activeUsers} (last 15 min)</dd>
                </div>
                <div>
                  <dt>System health</dt>
                  <dd>{response.metrics.systemHealth.status}</dd>
                </div>
              </dl>
            )}
            <AnswerText text={response.answer} />
            {actions.length > 0 && (
              <div className="omega-assistant__actions">
                {actions.map((a) => (
                  <Button key={`${a.type} ${a.endpoint}`} size="sm" onClick={() => void act(a)}>
                    {a.label}
                  </Button>
                ))}
              </div>
            )}
            {response.suggestions.length > 0 && (
              <div className="omega-assistant__suggestions">
                <p>Related questions:</p>
                <ul>
                  {response.suggestions.map((s) => (
                    <li key={s}>
                      <Button variant="link" size="sm" onClick={() => void ask(s)}>
                        {s}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <fieldset className="omega-assistant__rating">
              <legend>Was this helpful?</legend>
              <Button
                variant="outline"
                size="sm"
                disabled={exchange.rated || rating.busy}
                onClick={() => void rate(true)}
              >
                Yes
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={exchange.rated || rating.busy}
                onClick={() => void rate(false)}
              >
                No
              </Button>
            </fieldset>
          </>
        )}
      </div>

      <form className="omega-assistant__form" onSubmit={onSubmit}>
        <Label htmlFor={`${titleId}-query`} className="omega-visually-hidden">
          Your question
        </Label>
        <Input
          id={`${titleId}-query`}
          ref={inputRef}
          value={query}
          maxLength={QUERY_MAX}
          placeholder="Ask a question…"
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit" disabled={!query.trim() || busy}>
          Ask
        </Button>
      </form>
    </section>
  );
}
