'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';

import {
  prefillAddress,
  validateCheckoutForm,
  type CheckoutField,
  type CheckoutFormErrors,
  type CheckoutFormValues,
} from '@/lib/orders/checkout-form';
import { readCheckoutDraft, saveCheckoutDraft } from '@/lib/orders/checkout-draft';
import { isUnfilledAddress } from '@/lib/users/profile-edit';
import type { Address } from '@/lib/users/types';

import type { CheckoutUser } from './checkout-form';
import { useCepAutofill } from './use-cep-autofill';

/** What the checkout's fields need: the values, their errors and how to change them. */
export type CheckoutValues = {
  values: CheckoutFormValues;
  setValues: Dispatch<SetStateAction<CheckoutFormValues>>;
  errors: CheckoutFormErrors;
  /** The field's localized problem, once it was left or the form sent. */
  errorOf: (field: CheckoutField) => string | undefined;
  touch: (field: CheckoutField) => void;
  /** The DOM id of a field (the first invalid one gets the focus). */
  fieldId: (field: CheckoutField) => string;
  formId: string;
  /** The saved address the form started from (all '' for a profile without one). */
  savedAddress: Required<Address>;
  /** An address field typed by the shopper (the CEP asks its lookup). */
  setAddress: (name: keyof Address, value: string) => void;
  /** The CEP's lookup filled fields: the form says so. */
  cepFilled: boolean;
  submitted: boolean;
  setSubmitted: (submitted: boolean) => void;
};

/**
 * The checkout form's values: prefilled from the profile (or this tab's draft after a reload),
 * kept in the draft as they change, validated (lib/orders/checkout-form.ts), and the CEP's
 * autofill of street, bairro, city and UF.
 */
export function useCheckoutValues(user: CheckoutUser): CheckoutValues {
  const t = useTranslations('Checkout');
  const formId = useId();
  const [savedAddress] = useState(() => prefillAddress(user.address));
  const [values, setValues] = useState<CheckoutFormValues>(() => {
    // What this shopper typed in this tab before a reload (lib/orders/checkout-draft.ts).
    const draft = readCheckoutDraft();
    if (draft.values && draft.uid === user.uid) return draft.values;
    return {
      shippingOption: 'Entrega',
      address: savedAddress,
      telephone: user.telephone?.trim() ?? '',
      cpf: '',
      // On for a profile whose address was never filled in: the first order fills it.
      saveToProfile: isUnfilledAddress(user.address),
    };
  });
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    // The CPF too: sessionStorage is this tab's only and ends with it, never localStorage.
    saveCheckoutDraft({ uid: user.uid, values });
  }, [user.uid, values]);

  const errors = validateCheckoutForm(values);
  const fieldId = (field: CheckoutField) => `${formId}-${field}`;
  const errorOf = (field: CheckoutField) => {
    const key = errors[field];
    return key && (submitted || touched.has(field)) ? t(`errors.${key}`) : undefined;
  };
  const touch = (field: CheckoutField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  // The CEP's answer fills only what the shopper did not type by hand in this form: a field
  // they wrote in (before or while the lookup ran) keeps their text; all stay editable.
  const typedByHand = useRef(new Set<keyof Address>());
  const [cepFilled, setCepFilled] = useState(false);
  const lookUpCep = useCepAutofill((found) => {
    setValues((current) => {
      const address = { ...current.address };
      for (const name of ['street', 'neighborhood', 'city', 'state'] as const) {
        if (found[name] && !typedByHand.current.has(name)) address[name] = found[name];
      }
      return { ...current, address };
    });
    setCepFilled(true);
  });
  const setAddress = (name: keyof Address, value: string) => {
    typedByHand.current.add(name);
    setValues((current) => ({ ...current, address: { ...current.address, [name]: value } }));
    if (name === 'postalCode') {
      setCepFilled(false);
      lookUpCep(value);
    }
  };

  return {
    values,
    setValues,
    errors,
    errorOf,
    touch,
    fieldId,
    formId,
    savedAddress,
    setAddress,
    cepFilled,
    submitted,
    setSubmitted,
  };
}
