'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { typedCep } from '@/components/ui/cep-input';
import { SelectField, TextField } from '@/components/ui/text-field';
import { UfOptions } from '@/components/ui/uf-select';

import type { CheckoutValues } from './use-checkout-values';

// The CEP first: typing it fills street, bairro, city and UF (useCheckoutValues); the Estado
// select follows the city (rendered apart, after these).
const ADDRESS_INPUTS = [
  { name: 'postalCode', autoComplete: 'postal-code', span: '' },
  { name: 'street', autoComplete: 'address-line1', span: 'sm:col-span-2' },
  { name: 'number', autoComplete: 'off', span: '' },
  { name: 'extra', autoComplete: 'address-line2', span: '' },
  { name: 'neighborhood', autoComplete: 'address-level3', span: '' },
  { name: 'city', autoComplete: 'address-level2', span: '' },
] as const;

type Props = {
  form: CheckoutValues;
  /** 'Salvar este endereço no meu perfil', under the fields. */
  saveToProfile: ReactNode;
};

/** The delivery address: CEP (which fills the rest), street to UF, and whether to save it. */
export function AddressFields({ form, saveToProfile }: Props) {
  const t = useTranslations('Checkout');
  const { values, fieldId, errorOf, touch, setAddress, formId } = form;
  const hasSavedAddress = Object.values(form.savedAddress).some(Boolean);
  const cepStatus =
    form.cepLookup === 'not-found'
      ? t('cepNotFound')
      : form.cepLookup === 'unavailable'
        ? t('cepUnavailable')
        : '';
  return (
    <div
      role="group"
      aria-labelledby={`${formId}-address-title`}
      className="mt-2 flex flex-col gap-3"
    >
      <h3 id={`${formId}-address-title`} className="font-semibold">
        {t('addressTitle')}
      </h3>
      {hasSavedAddress ? (
        <p className="text-sm text-cacao-600 dark:text-cacao-300">{t('addressNote')}</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {ADDRESS_INPUTS.map(({ name, autoComplete, span }) => (
          <TextField
            key={name}
            id={fieldId(name)}
            className={span}
            label={t(name)}
            value={values.address[name]}
            onChange={(value, input) =>
              setAddress(name, name === 'postalCode' ? typedCep(input) : value)
            }
            onBlur={() => touch(name)}
            error={errorOf(name)}
            required={name !== 'extra'}
            autoComplete={autoComplete}
            maxLength={name === 'postalCode' ? 9 : undefined}
            inputMode={name === 'postalCode' ? 'numeric' : undefined}
            hint={name === 'postalCode' ? t('postalCodeHint') : undefined}
            status={name === 'postalCode' ? cepStatus : undefined}
          />
        ))}
        <SelectField
          id={fieldId('state')}
          label={t('state')}
          value={values.address.state}
          onChange={(event) => setAddress('state', event.target.value)}
          onBlur={() => touch('state')}
          error={errorOf('state')}
          required
          autoComplete="address-level1"
          className="[&>select]:w-full"
        >
          <UfOptions placeholder={t('statePlaceholder')} value={values.address.state} />
        </SelectField>
      </div>
      <p role="status" className="text-sm text-cacao-600 empty:hidden dark:text-cacao-300">
        {form.cepLookup === 'found' ? t('cepFilled') : ''}
      </p>
      {saveToProfile}
    </div>
  );
}
