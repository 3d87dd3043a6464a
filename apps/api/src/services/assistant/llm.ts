// Optional phrasing by an OpenAI-compatible chat endpoint (OMEGA_LLM_BASE_URL): it gets the
// question and only the passages retrieval found, and is told to answer from them alone. Slow,
// down or odd answers fall back to the retrieval answer, so the assistant never depends on it.
import type { Passage } from '@omega/assistant';

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

const SYSTEM_PROMPT = [
  'You are the help assistant of Omega, a web application.',
  'Answer the question using ONLY the help passages given. If they do not answer it, say so.',
  'Be brief (at most 120 words), use plain sentences, and keep quoted screen texts exact.',
  'Do not add links; they are added after your answer.',
].join(' ');

export function buildMessages(question: string, passages: readonly Passage[]) {
  const context = passages
    .map((p, i) => `[${i + 1}] ${p.title} — ${p.heading} (page ${p.path})\n${p.text}`)
    .join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Help passages:\n\n${context}\n\nQuestion: ${question}` },
  ];
}

/**
 * The endpoint's phrasing of an answer, or null when it failed, timed out or answered nothing
 * usable (the caller then uses the retrieval answer). `onFailure` learns why.
 */
export async function phraseWithLlm(
  settings: LlmSettings,
  question: string,
  passages: readonly Passage[],
  onFailure: (reason: string) => void = () => {},
): Promise<string | null> {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        messages: buildMessages(question, passages),
        temperature: 0.2,
        max_tokens: 400,
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!res.ok) {
      onFailure(`LLM endpoint answered ${res.status}`);
      return null;
    }
    const body = (await res.json()) as {
      choices?: Array<{ message?: { content?: unknown } }>;
    };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      onFailure('LLM endpoint answered without a message');
      return null;
    }
    return content.trim();
  } catch (err) {
    onFailure(
      err instanceof Error && err.name === 'TimeoutError'
        ? `LLM endpoint did not answer within ${settings.timeoutMs} ms`
        : `LLM endpoint unreachable: ${err instanceof Error ? err.message : String(err)}`,
    );
    return null;
  }
}
