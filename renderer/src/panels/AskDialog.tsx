/**
 * A question with a typed answer, in the app (Electron has no window.prompt): `ask` shows it and
 * resolves with the text on OK or Enter, null on Cancel or Esc; `confirmAsk` asks the same way
 * with no text to type (OK or Cancel). One question at a time.
 */
import { useEffect, useRef } from 'react';
import { Store, useSlice } from '../state/store.ts';

interface Question {
  message: string;
  /** null: a yes-or-no question (OK answers ''). */
  initial: string | null;
  resolve(answer: string | null): void;
}

const askStore = new Store<{ question: Question | null }>({ question: null });

export function ask(message: string, initial: string): Promise<string | null> {
  askStore.get().question?.resolve(null);
  return new Promise((resolve) => askStore.set({ question: { message, initial, resolve } }));
}

/** Asks a yes-or-no question: true on OK or Enter, false on Cancel or Esc. */
export async function confirmAsk(message: string): Promise<boolean> {
  askStore.get().question?.resolve(null);
  const answer = await new Promise<string | null>((resolve) => askStore.set({ question: { message, initial: null, resolve } }));
  return answer !== null;
}

function answer(value: string | null): void {
  const question = askStore.get().question;
  askStore.set({ question: null });
  question?.resolve(value);
}

export function AskDialog() {
  const question = useSlice(askStore, (s) => s.question);
  const input = useRef<HTMLInputElement>(null);
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (input.current) {
      input.current.focus();
      input.current.select();
    } else ok.current?.focus();
  }, [question]);
  if (!question) return null;
  return (
    <div className="help-backdrop" data-testid="ask-dialog">
      <form
        className="help-dialog ask-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={question.message}
        onSubmit={(e) => {
          e.preventDefault();
          answer(input.current?.value ?? '');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            answer(null);
          }
        }}
      >
        <p data-testid="ask-message">{question.message}</p>
        {question.initial !== null && <input ref={input} defaultValue={question.initial} data-testid="ask-input" aria-label="Answer" />}
        <div className="field-row ask-buttons">
          <button type="button" onClick={() => answer(null)} data-testid="ask-cancel">
            Cancel
          </button>
          <button type="submit" className="primary" data-testid="ask-ok" ref={ok}>
            OK
          </button>
        </div>
      </form>
    </div>
  );
}
