// /admin/communications: write an announcement every signed-in user will see, check what the
// form sent with 'Debug Form', and read the recent ones (spec section 2, 'Announcements').
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Input,
  Label,
  Skeleton,
  Textarea,
  toast,
} from '@omega/ui';
import { type FormEvent, useId, useState } from 'react';
import { useAnnouncements } from '../../../lib/announcements.js';
import { useAnnouncementActions } from '../api/admin-api.js';
import { failureToast } from '../components/failure-toast.js';
import { when } from '../components/figures.js';
import '../components/admin.css';
import { errorMessage } from '../../../lib/error-message.js';

interface Errors {
  title?: string;
  content?: string;
}

function RecentAnnouncements() {
  const { data, error } = useAnnouncements();
  if (error) return <p role="alert">Could not load the announcements: {errorMessage(error)}</p>;
  if (!data) return <Skeleton style={{ height: '8rem' }} />;
  if (data.length === 0) return <p>No announcements yet</p>;
  return (
    <ul className="omega-admin__announcements">
      {data.map((a) => (
        <li key={a.id}>
          <Card>
            <CardHeader>
              <CardTitle>
                <h3 className="omega-card-heading">{a.title}</h3>
              </CardTitle>
              <CardDescription>
                <time dateTime={a.createdAt}>{when(a.createdAt)}</time>
              </CardDescription>
            </CardHeader>
            <CardContent>
              <p>{a.content}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function CommunicationsPage() {
  const { send } = useAnnouncementActions();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [debugOpen, setDebugOpen] = useState(false);
  const [submitted, setSubmitted] = useState<{ title: string; content: string } | null>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = { title: title.trim(), content: content.trim() };
    const next: Errors = {};
    if (!fields.title) next.title = 'Title is required';
    if (!fields.content) next.content = 'Content is required';
    setErrors(next);
    if (next.title || next.content) return;
    setSubmitted(fields);
    setBusy(true);
    try {
      await send(fields.title, fields.content);
      toast({ title: 'Announcement created.' });
      setTitle('');
      setContent('');
    } catch (err) {
      failureToast('Failed to create announcement', err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="omega-page omega-stack">
      <h1>Communications</h1>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="omega-card-heading">New announcement</h2>
          </CardTitle>
          <CardDescription>
            Every signed-in user sees it under the bell in the top bar.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="omega-form" onSubmit={submit} noValidate>
            <div className="omega-field">
              <Label htmlFor={`${id}-title`}>Title</Label>
              <Input
                id={`${id}-title`}
                name="title"
                value={title}
                maxLength={200}
                required
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={errors.title ? `${id}-title-error` : undefined}
                onChange={(e) => setTitle(e.target.value)}
              />
              {errors.title && (
                <p id={`${id}-title-error`} className="omega-field__error" role="alert">
                  {errors.title}
                </p>
              )}
            </div>
            <div className="omega-field">
              <Label htmlFor={`${id}-content`}>Content</Label>
              <Textarea
                id={`${id}-content`}
                name="content"
                rows={5}
                value={content}
                maxLength={5000}
                required
                aria-invalid={errors.content ? true : undefined}
                aria-describedby={errors.content ? `${id}-content-error` : undefined}
                onChange={(e) => setContent(e.target.value)}
              />
              {errors.content && (
                <p id={`${id}-content-error`} className="omega-field__error" role="alert">
                  {errors.content}
                </p>
              )}
            </div>
            <div className="omega-actions">
              <Button type="submit" loading={busy}>
                Send Announcement
              </Button>
              <Button
                variant="outline"
                aria-expanded={debugOpen}
                aria-controls={debugOpen ? `${id}-debug` : undefined}
                onClick={() => setDebugOpen((open) => !open)}
              >
                Debug Form
              </Button>
            </div>
          </form>
          {debugOpen && (
            <section id={`${id}-debug`} aria-labelledby={`${id}-debug-heading`}>
              <h3 id={`${id}-debug-heading`}>Submitted form data</h3>
              <pre className="omega-admin__debug" data-testid="debug-form-data">
                {submitted ? JSON.stringify(submitted, null, 2) : 'Nothing submitted yet.'}
              </pre>
            </section>
          )}
        </CardContent>
      </Card>
      <section aria-labelledby={`${id}-recent`} className="omega-stack">
        <h2 id={`${id}-recent`}>Recent Announcements</h2>
        <RecentAnnouncements />
      </section>
    </main>
  );
}
