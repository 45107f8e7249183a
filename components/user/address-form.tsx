'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useUserStoreApi } from '@/components/providers/user-store-provider';
import { updateAddress } from '@/lib/session/actions';
import {
  ADDRESS_FORM_FIELDS,
  ADDRESS_MAX_LENGTH,
  changedAddressFields,
  invalidAddressFields,
  sameAddress,
  trimAddress,
  type AddressField,
} from '@/lib/users/address-edit';
import type { Address } from '@/lib/users/types';
import { buttonClass } from '@/components/ui/button';
import { sectionTitleClass } from '@/components/ui/card';
import { noticeClass } from '@/components/ui/notice';
import { inputClass } from '@/components/ui/text-field';

type Props = {
  /** The address as saved on the server. */
  saved: Address;
  headingLevel?: 2 | 3;
};

type Message = 'saved' | 'invalid' | 'unauthenticated' | 'failed';

/**
 * The delivery address: each field switches between showing and editing; changed fields
 * carry an asterisk; while anything differs from the saved address, 'Descartar Alterações' and
 * 'Atualizar Informações' appear. Saving goes through the updateAddress server action.
 */
export function AddressForm({ saved, headingLevel = 3 }: Props) {
  const t = useTranslations('AddressForm');
  const userStore = useUserStoreApi();
  const formId = useId();
  const [lastSaved, setLastSaved] = useState(saved);
  const [baseline, setBaseline] = useState(saved);
  const [draft, setDraft] = useState(saved);
  const [editing, setEditing] = useState<ReadonlySet<AddressField>>(() => new Set());
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // The saved address changed elsewhere (the other form on /usuario, a new session): adopt it.
  if (!sameAddress(saved, lastSaved)) {
    setLastSaved(saved);
    setBaseline(saved);
    setDraft(saved);
    setEditing(new Set());
  }

  const changed = changedAddressFields(baseline, draft);
  const dirty = changed.length > 0;

  const toggle = (field: AddressField) => {
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
    setMessage(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty || saving) return;
    if (invalidAddressFields(draft).length > 0) {
      setMessage('invalid');
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      const result = await updateAddress(trimAddress(draft));
      if (result.ok) {
        setBaseline(result.address);
        setDraft(result.address);
        setEditing(new Set());
        setMessage('saved');
        // Keep the user store (and so the user tab) in step with what the server holds.
        const user = userStore.getState().currentUser;
        if (user) userStore.getState().setCurrentUser({ ...user, address: result.address });
      } else {
        setMessage(result.error);
      }
    } catch (cause) {
      console.error('Saving the address failed:', cause);
      setMessage('failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${formId}-title`} className="flex flex-col gap-3">
      <Heading id={`${formId}-title`} className={sectionTitleClass}>
        {t('title')}
      </Heading>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <ul className="flex flex-col gap-2">
          {ADDRESS_FORM_FIELDS.map((field) => {
            const label = t(field);
            const inputId = `${formId}-${field}`;
            const isEditing = editing.has(field);
            const isChanged = changed.includes(field);
            return (
              <li
                key={field}
                data-testid={`address-${field}`}
                className="flex items-center gap-3 rounded-xl border border-cacao-200 px-3 py-2 dark:border-cacao-800"
              >
                <div className="flex min-w-0 flex-1 flex-col">
                  <label htmlFor={isEditing ? inputId : undefined} className="text-xs font-medium">
                    <span className="text-cacao-600 dark:text-cacao-300">{label}</span>
                    {isChanged ? (
                      <>
                        <span aria-hidden="true" className="ml-0.5 font-bold text-gold-500">
                          *
                        </span>
                        <span className="sr-only"> ({t('changed')})</span>
                      </>
                    ) : null}
                  </label>
                  {isEditing ? (
                    <input
                      id={inputId}
                      type="text"
                      value={draft[field]}
                      maxLength={ADDRESS_MAX_LENGTH[field]}
                      autoComplete={autoCompleteOf(field)}
                      autoFocus
                      onChange={(event) => {
                        setDraft((current) => ({ ...current, [field]: event.target.value }));
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
                  ) : (
                    <span className="truncate">{draft[field]}</span>
                  )}
                </div>
                <button
                  type="button"
                  onClick={() => toggle(field)}
                  aria-label={
                    isEditing ? t('doneField', { field: label }) : t('editField', { field: label })
                  }
                  className={buttonClass({ variant: 'secondary', size: 'xs' })}
                >
                  {isEditing ? t('done') : t('edit')}
                </button>
              </li>
            );
          })}
        </ul>

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
    </section>
  );
}

function autoCompleteOf(field: AddressField): string {
  switch (field) {
    case 'street':
      return 'address-line1';
    case 'extra':
      return 'address-line2';
    case 'city':
      return 'address-level2';
    case 'postalCode':
      return 'postal-code';
    default:
      return 'off';
  }
}
