'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';

import type { CepAnswer } from '@/lib/address/cep-client';
import { cepDigits } from '@/lib/brazil';
import {
  prefillAddress,
  validateCheckoutForm,
  type CheckoutField,
  type CheckoutFormErrors,
  type CheckoutFormValues,
} from '@/lib/orders/checkout-form';
import { readRememberedCep } from '@/lib/delivery/remembered-cep';
import { readCheckoutDraft, saveCheckoutDraft } from '@/lib/orders/checkout-draft';
import { editableValue, isUnfilledAddress } from '@/lib/users/profile-edit';
import type { Address } from '@/lib/users/types';

import type { CheckoutUser } from './checkout-form';
import { useCepAutofill } from './use-cep-autofill';

export type CepLookupState = 'idle' | CepAnswer['kind'];

/** The address fields a CEP names: its lookup fills them, or clears them when it cannot. */
const CEP_FIELDS = ['street', 'neighborhood', 'city', 'state'] as const;

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
  /** What the lookup of the CEP typed said ('idle': nothing yet, or no valid CEP). */
  cepLookup: CepLookupState;
  submitted: boolean;
  setSubmitted: (submitted: boolean) => void;
  /** The day this shopper chose in this tab before a reload, if any (useReceivingDays). */
  draftDay: string | null;
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
  // 'Calcular frete' asked about a CEP in this tab: a profile without one starts from it.
  const [rememberedCep] = useState(() =>
    savedAddress.postalCode.trim() === '' ? readRememberedCep() : '',
  );
  // What this shopper typed in this tab before a reload (lib/orders/checkout-draft.ts).
  const [draft] = useState(() => {
    const stored = readCheckoutDraft();
    return stored.uid === user.uid ? stored : {};
  });
  const [values, setValues] = useState<CheckoutFormValues>(() => {
    // The recipient is the shopper unless they say otherwise; an account without a name is
    // asked for it once, here (usePlaceOrder saves it to the profile).
    const profileName = editableValue('name', user.name).trim();
    const named = profileName === '' ? { accountName: '' } : {};
    if (draft.values) {
      const { accountName = '', ...kept } = draft.values;
      return {
        ...kept,
        ...(profileName === '' ? { accountName } : {}),
        recipientName: kept.recipientName || profileName || accountName,
      };
    }
    return {
      shippingOption: 'Entrega',
      address: rememberedCep ? { ...savedAddress, postalCode: rememberedCep } : savedAddress,
      telephone: user.telephone?.trim() ?? '',
      cpf: '',
      // On for a profile whose address was never filled in: the first order fills it.
      saveToProfile: isUnfilledAddress(user.address),
      recipientName: profileName,
      ...named,
    };
  });
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    // All but the CPF, which saveCheckoutDraft never writes.
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

  // A CEP's answer sets street, bairro, city and UF, except what the shopper typed by hand in
  // this form (before or while the lookup ran): that keeps their text; all stay editable. What
  // the previous CEP (or the saved address) filled never stays beside a new CEP: a CEP the
  // lookup does not find, or cannot ask about, clears it, and the field says which.
  const typedByHand = useRef(new Set<keyof Address>());
  const [cepLookup, setCepLookup] = useState<CepLookupState>('idle');
  const lookUpCep = useCepAutofill((answer) => {
    if (answer === null) {
      setCepLookup('idle');
      return;
    }
    const found = answer.kind === 'found' ? answer.address : null;
    setValues((current) => {
      const address = { ...current.address };
      // The saved address's own CEP typed again brings its street back: that CEP filled it.
      const saved =
        cepDigits(savedAddress.postalCode) &&
        cepDigits(current.address.postalCode) === cepDigits(savedAddress.postalCode)
          ? savedAddress
          : null;
      for (const name of CEP_FIELDS) {
        if (!typedByHand.current.has(name)) address[name] = found?.[name] ?? saved?.[name] ?? '';
      }
      return { ...current, address };
    });
    setCepLookup(answer.kind);
  });
  // The remembered CEP fills street, bairro, city and UF as a typed one would.
  const startsFromRememberedCep = rememberedCep !== '' && !draft.values;
  useEffect(() => {
    if (startsFromRememberedCep) lookUpCep(rememberedCep);
    // Once, for the CEP the form started from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const setAddress = (name: keyof Address, value: string) => {
    typedByHand.current.add(name);
    setValues((current) => ({ ...current, address: { ...current.address, [name]: value } }));
    if (name === 'postalCode') {
      // Another CEP: what was said of the last one goes until this one is answered.
      if (cepDigits(value) !== cepDigits(values.address.postalCode)) setCepLookup('idle');
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
    cepLookup,
    submitted,
    setSubmitted,
    draftDay: draft.day ?? null,
  };
}
