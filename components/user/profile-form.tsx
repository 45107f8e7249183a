'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useUserStoreApi } from '@/components/providers/user-store-provider';
import { formatPhone } from '@/lib/brazil';
import { updateProfile } from '@/lib/session/actions';
import {
  ADDRESS_FORM_FIELDS,
  CONTACT_FORM_FIELDS,
  PROFILE_MAX_LENGTH,
  changedProfileFields,
  profileFieldErrors,
  sameProfile,
  toProfilePatch,
  toProfileValues,
  type ProfileField,
  type ProfileFieldError,
  type ProfileSource,
  type ProfileValues,
} from '@/lib/users/profile-edit';
import { buttonClass } from '@/components/ui/button';
import { sectionTitleClass } from '@/components/ui/card';
import { noticeClass } from '@/components/ui/notice';
import { inputClass } from '@/components/ui/text-field';
import { UfSelect } from '@/components/ui/uf-select';

type Props = {
  /** The profile as saved on the server (placeholders such as 'No street' included). */
  user: ProfileSource;
  headingLevel?: 2 | 3;
};

type Message = 'saved' | 'invalid' | 'unauthenticated' | 'unavailable' | 'failed';
type FieldErrors = Partial<Record<ProfileField, ProfileFieldError>>;

/**
 * The signed-in user's details (name, telephone) and delivery address. Each field switches
 * between showing and editing; 'Confirmar' only keeps the field among the pending changes
 * (changed fields carry an asterisk); while anything differs from the saved profile,
 * 'Descartar Alterações' and 'Atualizar Informações' appear, and only the latter writes, through
 * the updateProfile action. Values never filled in show a 'Não informado' hint.
 */
export function ProfileForm({ user, headingLevel = 3 }: Props) {
  const t = useTranslations('ProfileForm');
  const userStore = useUserStoreApi();
  const formId = useId();
  const saved = toProfileValues(user);
  const [lastSaved, setLastSaved] = useState(saved);
  const [baseline, setBaseline] = useState(saved);
  const [draft, setDraft] = useState(saved);
  const [editing, setEditing] = useState<ReadonlySet<ProfileField>>(() => new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // The saved profile changed elsewhere (the other form on /usuario, the checkout, a new
  // session): adopt it. The echo of this form's own save (the server render or the store
  // catching up) is no change, and keeps an edit started meanwhile.
  if (!sameProfile(saved, lastSaved)) {
    setLastSaved(saved);
    if (!sameProfile(saved, baseline)) {
      setBaseline(saved);
      setDraft(saved);
      setEditing(new Set());
      setErrors({});
    }
  }

  const changed = changedProfileFields(baseline, draft);
  const dirty = changed.length > 0;
  const hintId = `${formId}-pending`;

  const toggle = (field: ProfileField) => {
    setEditing((current) => {
      const next = new Set(current);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });
  };

  const reset = () => {
    setDraft(baseline);
    setEditing(new Set());
    setErrors({});
    setMessage(null);
  };

  const adopt = (values: ProfileValues) => {
    setBaseline(values);
    setDraft(values);
    setEditing(new Set());
    setErrors({});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty || saving) return;
    const found = profileFieldErrors(draft, changed);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      // The fields to fix open for editing, with their message.
      setEditing((current) => new Set([...current, ...(Object.keys(found) as ProfileField[])]));
      setMessage('invalid');
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      const result = await updateProfile(toProfilePatch(baseline, draft));
      if (result.ok) {
        adopt(toProfileValues(result.profile));
        setMessage('saved');
        // The user tab reads the user store: keep it in step with what the server holds.
        const current = userStore.getState().currentUser;
        if (current) userStore.getState().setCurrentUser({ ...current, ...result.profile });
      } else {
        setMessage(result.error);
      }
    } catch (cause) {
      console.error('Saving the profile failed:', cause);
      setMessage('failed');
    } finally {
      setSaving(false);
    }
  };

  const row = (field: ProfileField) => {
    const label = t(field);
    const inputId = `${formId}-${field}`;
    const errorId = `${formId}-${field}-error`;
    const isEditing = editing.has(field);
    const isChanged = changed.includes(field);
    const error = errors[field];
    const value = draft[field];
    return (
      <li
        key={field}
        data-testid={isAddressField(field) ? `address-${field}` : `contact-${field}`}
        className="flex items-center gap-3 rounded-xl border border-cacao-200 px-3 py-2 dark:border-cacao-800"
      >
        <div className="flex min-w-0 flex-1 flex-col">
          <label htmlFor={isEditing ? inputId : undefined} className="text-xs font-medium">
            <span className="text-cacao-600 dark:text-cacao-300">{label}</span>
            {isChanged ? (
              <>
                <span
                  aria-hidden="true"
                  className="ml-0.5 font-bold text-gold-700 dark:text-gold-400"
                >
                  *
                </span>
                <span className="sr-only"> ({t('changed')})</span>
              </>
            ) : null}
          </label>
          {isEditing && field === 'state' ? (
            <UfSelect
              id={inputId}
              value={value}
              placeholder={t('statePlaceholder')}
              invalid={Boolean(error)}
              describedBy={error ? errorId : undefined}
              onChange={(state) => {
                setDraft((current) => ({ ...current, state }));
                setErrors((current) => {
                  const next = { ...current };
                  delete next.state;
                  return next;
                });
                setMessage(null);
              }}
              className="mt-1 w-full"
            />
          ) : isEditing ? (
            <input
              id={inputId}
              type={field === 'telephone' ? 'tel' : 'text'}
              inputMode={field === 'postalCode' ? 'numeric' : undefined}
              value={value}
              maxLength={PROFILE_MAX_LENGTH[field]}
              autoComplete={autoCompleteOf(field)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              autoFocus
              onChange={(event) => {
                setDraft((current) => ({ ...current, [field]: event.target.value }));
                setErrors((current) => {
                  const next = { ...current };
                  delete next[field];
                  return next;
                });
                setMessage(null);
              }}
              onKeyDown={(event) => {
                // Enter confirms this field instead of sending the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  toggle(field);
                }
              }}
              className={`${inputClass} mt-1 w-full`}
            />
          ) : value.trim() === '' ? (
            <span data-unfilled className="truncate text-muted italic">
              {t('unfilled')}
            </span>
          ) : (
            <span className="truncate">{field === 'telephone' ? formatPhone(value) : value}</span>
          )}
          {error ? (
            <span id={errorId} className="mt-1 text-xs text-red-700 dark:text-red-300">
              {t(`errors.${error}`, { max: PROFILE_MAX_LENGTH[field] })}
            </span>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => toggle(field)}
          aria-label={
            isEditing ? t('doneField', { field: label }) : t('editField', { field: label })
          }
          aria-describedby={isEditing ? hintId : undefined}
          className={buttonClass({ variant: 'secondary', size: 'xs' })}
        >
          {isEditing ? t('done') : t('edit')}
        </button>
      </li>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      {(
        [
          ['contact', t('contactTitle'), CONTACT_FORM_FIELDS],
          ['address', t('title'), ADDRESS_FORM_FIELDS],
        ] as const
      ).map(([group, title, fields]) => (
        <section key={group} aria-labelledby={`${formId}-${group}`} className="flex flex-col gap-3">
          <Heading id={`${formId}-${group}`} className={sectionTitleClass}>
            {title}
          </Heading>
          <ul className="flex flex-col gap-2">{fields.map(row)}</ul>
        </section>
      ))}

      {editing.size > 0 || dirty ? (
        <p id={hintId} className="text-sm text-cacao-600 dark:text-cacao-300">
          {t('pendingHint')}
        </p>
      ) : null}

      {message ? (
        <p
          role={message === 'saved' ? 'status' : 'alert'}
          className={noticeClass(message === 'saved' ? 'success' : 'error', 'sm')}
        >
          {t(message)}
        </p>
      ) : null}

      {dirty ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={reset}
            disabled={saving}
            className={buttonClass({ variant: 'secondary' })}
          >
            {t('reset')}
          </button>
          <button type="submit" disabled={saving} className={buttonClass()}>
            {saving ? t('saving') : t('save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

function isAddressField(field: ProfileField): boolean {
  return (ADDRESS_FORM_FIELDS as readonly string[]).includes(field);
}

function autoCompleteOf(field: ProfileField): string {
  switch (field) {
    case 'name':
      return 'name';
    case 'telephone':
      return 'tel';
    case 'street':
      return 'address-line1';
    case 'extra':
      return 'address-line2';
    case 'city':
      return 'address-level2';
    case 'postalCode':
      return 'postal-code';
    case 'state':
      return 'address-level1';
    default:
      return 'off';
  }
}
