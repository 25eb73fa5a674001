import { useCallback, useState, type ReactNode } from 'react';
import { isEtagConflict } from '../../lxd/client';
import { useNotify } from '../notifications';
import { ConflictNotice } from '../ui/ConflictNotice';
import { ErrorNotice } from '../ui/States';

/**
 * Editing an object that carries an ETag (a profile, a project). The form keeps the version it
 * was opened with, whose ETag goes back as If-Match; while the user has no edits it follows
 * changes made elsewhere (a new `formKey` remounts it). A save refused with 412 keeps the
 * user's values and offers to overwrite with them or to load the other version; any other
 * failure is shown with the server's text.
 */
export function useVersionedEdit<T extends { etag?: string | undefined }, V>({
  what,
  latest,
  fetchLatest,
  send,
  isSaving,
  error,
  resetError,
}: {
  /** How the object is named in messages: "profile", "project". */
  what: string;
  /** The newest version the page has. */
  latest: T;
  /** Asks the server for the newest version (before overwriting or reloading). */
  fetchLatest: () => Promise<T>;
  /** Saves `values` against `etag`; calls `onSaved` once the server accepted them. */
  send: (values: V, etag: string | undefined, onSaved: () => void) => void;
  isSaving: boolean;
  error: Error | null;
  resetError: () => void;
}): {
  base: T;
  formKey: number;
  save: (values: V) => void;
  onDirtyChange: (dirty: boolean) => void;
  notice: ReactNode;
} {
  const notify = useNotify();
  const [base, setBase] = useState(latest);
  const [formKey, setFormKey] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [rebaseNext, setRebaseNext] = useState(false);
  const [submitted, setSubmitted] = useState<V | null>(null);

  if (latest.etag !== base.etag && (rebaseNext || !dirty) && !isSaving) {
    setBase(latest);
    setFormKey((k) => k + 1);
    setRebaseNext(false);
  }

  const saveWith = (values: V, etag: string | undefined) => {
    setSubmitted(values);
    send(values, etag, () => {
      setRebaseNext(true);
      setSubmitted(null);
    });
  };
  const overwrite = async () => {
    if (!submitted) return;
    const fresh = await fetchLatest();
    saveWith(submitted, fresh.etag);
  };
  const discard = async () => {
    const fresh = await fetchLatest();
    resetError();
    setSubmitted(null);
    setBase(fresh);
    setFormKey((k) => k + 1);
  };
  const onDirtyChange = useCallback((value: boolean) => {
    setDirty(value);
  }, []);

  let notice: ReactNode = null;
  if (error && isEtagConflict(error)) {
    notice = (
      <ConflictNotice
        what={what}
        onOverwrite={() => void overwrite().catch((e: unknown) => notify.failure('Save failed', e))}
        onDiscard={() => void discard().catch((e: unknown) => notify.failure('Reload failed', e))}
      />
    );
  } else if (error) {
    notice = <ErrorNotice title={`Could not save the ${what}`} error={error} />;
  }

  return {
    base,
    formKey,
    save: (values) => {
      saveWith(values, base.etag);
    },
    onDirtyChange,
    notice,
  };
}
